import { configure } from '@testing-library/react';
import { vi } from 'vitest';

// Rendering the antd dialogs and forms in jsdom takes seconds when a two-core machine is busy:
// these files wait longer than the defaults before calling a test or a lookup failed.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });
