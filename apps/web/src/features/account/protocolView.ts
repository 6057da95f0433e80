import { createStore } from './store.ts';

/** The read-only view of the protocol dialog, asked for by the personal information page. */
export const protocolReadOnly = createStore(false);
export const openProtocolReadOnly = () => protocolReadOnly.set(true);
export const closeProtocolReadOnly = () => protocolReadOnly.set(false);
