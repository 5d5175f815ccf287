import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/**
 * How the embedded database keeps what it acknowledged through a power loss.
 *
 * PGlite starts PostgreSQL with fsync off (`-F`), and its Node file system (Emscripten's NODEFS)
 * has no fsync: a commit was answered once the kernel held it, not the disk. Here PostgreSQL
 * runs with fsync on, so it syncs exactly when a server would (the WAL at every commit, data
 * files and pg_control at checkpoints, a folder after a rename), and the folder is mounted as
 * NODEFS with the one operation it lacks: `fsync` on an open file is `fs.fsyncSync`. A commit's
 * answer is written by PostgreSQL after that fsync returned, so an answered write is on disk.
 *
 * The mount is a copy of NODEFS's operation tables given to this mount's nodes only, the way
 * PGlite's own MEMFS frontend (`@electric-sql/pglite/memfs-frontend`) extends MEMFS; NODEFS itself
 * is left as it is.
 */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  "-c",
  "fsync=on",
  // `fdatasync` would reach Emscripten's no-op; `fsync` reaches the file system's fsync.
  "-c",
  "wal_sync_method=fsync",
];

type Mod = Parameters<NodeFS["init"]>[1] & { FS: EmscriptenFs };
type EmscriptenNode = { node_ops: NodeOps; stream_ops: StreamOps };
type NodeOps = Record<string, unknown> & {
  lookup: (parent: EmscriptenNode, name: string) => EmscriptenNode;
  mknod: (parent: EmscriptenNode, name: string, mode: number, dev: number) => EmscriptenNode;
};
type StreamOps = Record<string, unknown>;
type Nodefs = {
  mount: (mount: unknown) => EmscriptenNode;
  node_ops: NodeOps;
  stream_ops: StreamOps;
  tryFSOperation: <T>(operation: () => T) => T;
};
type EmscriptenFs = {
  filesystems: { NODEFS: unknown };
  mkdirTree: (path: string) => void;
  mount: (type: unknown, options: { root: string }, mountpoint: string) => void;
};

/** NODEFS with fsync, for the nodes of one mount. */
function syncingNodefs(mod: Mod) {
  const nodefs = mod.FS.filesystems.NODEFS as Nodefs;
  const streamOps: StreamOps = {
    ...nodefs.stream_ops,
    fsync: (stream: { nfd: number }) => {
      nodefs.tryFSOperation(() => fs.fsyncSync(stream.nfd));
      return 0;
    },
  };
  const withSync = (node: EmscriptenNode) => {
    node.node_ops = nodeOps;
    node.stream_ops = streamOps;
    return node;
  };
  // Every node of the mount comes from the root, a lookup or a mknod: each gets the tables with fsync.
  const nodeOps: NodeOps = {
    ...nodefs.node_ops,
    lookup: (parent, name) => withSync(nodefs.node_ops.lookup(parent, name)),
    mknod: (parent, name, mode, dev) => withSync(nodefs.node_ops.mknod(parent, name, mode, dev)),
  };
  return { mount: (mount: unknown) => withSync(nodefs.mount(mount)) };
}

/** PGlite's Node file system for a data folder, with fsync reaching the disk. */
export class DurableNodeFS extends NodeFS {
  /** PGlite writes a new folder from its initdb image without syncing: it is synced whole, once. */
  private isUnsynced: boolean;

  constructor(dataDir: string) {
    super(dataDir);
    this.isUnsynced = !fs.existsSync(path.join(this.rootDir, "PG_VERSION"));
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    this.pg = pg;
    const mountFolder = (mod: Mod) => {
      mod.FS.mkdirTree(PGlite.paths.PGDATA);
      mod.FS.mount(syncingNodefs(mod), { root: this.rootDir }, PGlite.paths.PGDATA);
    };
    return {
      emscriptenOpts: {
        ...opts,
        preRun: [
          ...(opts.preRun ?? []),
          mountFolder as (mod: Parameters<NodeFS["init"]>[1]) => void,
        ],
      },
    };
  }

  /** PGlite calls this after creating the folder and after every query; PostgreSQL syncs everything else itself. */
  override async syncToFs(): Promise<void> {
    if (!this.isUnsynced) return;
    syncTree(this.rootDir);
    this.isUnsynced = false;
  }
}

/** Every file, then its folder, so that each entry and its content are on disk. */
function syncTree(folder: string): void {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const entryPath = path.join(folder, entry.name);
    if (entry.isDirectory()) syncTree(entryPath);
    else if (entry.isFile()) syncPath(entryPath, "r+");
  }
  syncPath(folder, "r");
}

function syncPath(target: string, flags: "r" | "r+"): void {
  let fd: number;
  try {
    fd = fs.openSync(target, flags);
  } catch (error) {
    // Windows cannot open a folder; its entries are synced with the files.
    if (["EISDIR", "EPERM", "EACCES"].includes((error as NodeJS.ErrnoException).code ?? "")) return;
    throw error;
  }
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}
