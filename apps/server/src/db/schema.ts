import type { Generated } from 'kysely';

export interface MenusTable {
  id: number;
  parent_id: number;
  name: string;
  name_i18n: string;
  comment: string;
  comment_i18n: string;
  extension: string;
  url: string;
  endpoint: string;
  menu_type: number;
  display: number;
  status: number;
  sort: number;
}

export interface AppsTable {
  id: Generated<number>;
  name: string;
  api_key: string;
  /** SHA-256 of the secret: secrets are long random strings, so a fast hash is enough. */
  api_secret_hash: string;
  /** Capability ids the app may call, comma-separated; `*` means all. */
  scopes: string;
  status: number;
  created_at: string;
}

export interface Database {
  menus: MenusTable;
  apps: AppsTable;
}
