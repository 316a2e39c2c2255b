import { DEFAULT_PROJECT, storeName } from "../shared/core/names.ts";
import { migrate } from "../storage/migrate.ts";
import type { StoreAddress } from "../stubs.ts";
import { Clipboard } from "./clipboard.ts";
import { MetaStore } from "./meta-store.ts";
import { MIGRATIONS } from "./schema.ts";

/**
 * What every part of a session object shares: its storage, the identity it
 * binds to on first use (and refuses to change), its clipboard, the clock.
 * `prepare` runs again after a wipe (`deleteAll`) empties the tables.
 */
export class ObjectState {
  address: StoreAddress | undefined;
  meta!: MetaStore;
  /** The user whose dashboard hears of this object's changes (kept across a wipe). */
  owner: { user: string; hub: boolean } | undefined;
  readonly now = () => Date.now();
  private clipboardStore: Clipboard | undefined;

  readonly storage: DurableObjectStorage;

  constructor(storage: DurableObjectStorage) {
    this.storage = storage;
    this.prepare();
  }

  get sql(): SqlStorage {
    return this.storage.sql;
  }

  /** Tables and stores; run again after `deleteAll` wipes them. */
  prepare(): void {
    migrate(this.storage, MIGRATIONS);
    this.meta = new MetaStore(this.storage.sql);
    this.clipboardStore = undefined;
    this.address = undefined;
  }

  get clipboard(): Clipboard {
    if (!this.clipboardStore) {
      const scope = (this.address ?? this.storedAddress())?.scope ?? "session";
      this.clipboardStore = new Clipboard(this.storage, this.meta, scope, this.now);
    }
    return this.clipboardStore;
  }

  /** The project a session works in (`meta.project`). */
  get project(): string {
    return this.meta.get("project") ?? DEFAULT_PROJECT;
  }

  /** Binds this object to its address on first use; refuses a different one. */
  bind(address: StoreAddress): void {
    const name = storeName(address.user, address.scope, address.name);
    const known = this.address ?? this.storedAddress();
    if (known && storeName(known.user, known.scope, known.name) !== name) {
      throw new Error(
        `Durable Object ${storeName(known.user, known.scope, known.name)} called as ${name}`,
      );
    }
    if (!known) {
      this.meta.set("address", JSON.stringify(address));
      this.meta.set("created_at", this.now());
    }
    this.address = address;
    this.owner = { user: address.user, hub: address.scope === "user" };
  }

  storedAddress(): StoreAddress | undefined {
    const json = this.meta.get("address");
    return json === undefined ? undefined : (JSON.parse(json) as StoreAddress);
  }

  /**
   * Whether this clipboard exists for the dashboard to look at: used before
   * (a session: started). A URL naming one that never was leaves nothing behind.
   */
  exists(address: StoreAddress): boolean {
    if (!(this.address ?? this.storedAddress())) return false;
    if (address.scope === "session" && this.meta.get("started_at") === undefined) return false;
    this.bind(address); // refuses a different address
    return true;
  }
}
