/**
 * `npm run backup [-- --to <folder>]` (OP4): a consistent copy of the embedded installation's data
 * (EID_DATA_DIR) while the server runs, into a new folder (default `backups/<date and time>`).
 * `npm run restore -- --from <folder> [--force]`: brings one back into EID_DATA_DIR (stop the
 * server first when replacing its data).
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { loadConfig } from './config.js';
import { backupData, BackupError, restoreData } from './operations/backup.js';

export function backupFromCli(argv: readonly string[], env: Record<string, string | undefined>, cwd: string, now: Date): { readonly code: number; readonly out: string } {
  const [command, ...rest] = argv;
  const { values } = parseArgs({ args: rest, options: { to: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean', default: false } } });
  const config = loadConfig(env, cwd);
  try {
    if (command === 'backup') {
      const to = resolve(cwd, values.to ?? `backups/${now.toISOString().replace(/[:.]/g, '-')}`);
      const m = backupData(config, to, now);
      return { code: 0, out: `backed up into ${to}: the database (${m.database.bytes} bytes), ${m.blobs.files} binaries (${m.blobs.bytes} bytes)${m.secret ? ', the secret' : ''}\n` };
    }
    if (command === 'restore') {
      if (!values.from) return { code: 2, out: 'say which backup: npm run restore -- --from <folder>\n' };
      const m = restoreData(resolve(cwd, values.from), config, { force: values.force });
      return { code: 0, out: `restored the backup of ${m.takenAt} into ${config.dataDir}: start the server\n` };
    }
    return { code: 2, out: 'usage: backup [--to <folder>] | restore --from <folder> [--force]\n' };
  } catch (error) {
    if (error instanceof BackupError) return { code: 1, out: `refused: ${error.message}\n` };
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = backupFromCli(process.argv.slice(2), process.env, process.cwd(), new Date());
  process.stdout.write(result.out);
  process.exitCode = result.code;
}
