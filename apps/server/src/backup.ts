// `npm run backup -- <pasta>` and `npm run restore -- <pasta> [--force]`, with the server's own settings
// (DATABASE_URL or the embedded database under DATA_DIR).
import { readConfig } from './config.ts';
import { BackupError, backup, restore } from './infra/backup.ts';

const USAGE = 'Uso: npm run backup -- <pasta>  |  npm run restore -- <pasta> [--force]';
const [command, folder, ...flags] = process.argv.slice(2);
const config = readConfig();
const target = {
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  filesDir: config.s3 ? null : config.filesDir,
};
const BUCKET_NOTE =
  'Os arquivos enviados ficam no bucket S3 configurado: faça o backup dele com as ferramentas do provedor.';

try {
  if (!folder || !['backup', 'restore'].includes(command ?? '')) throw new BackupError(USAGE);
  if (command === 'backup') {
    const manifest = await backup(target, folder);
    console.log(`Backup (${manifest.engine}, ${manifest.migrations} migrações) gravado em ${folder}.`);
    if (config.s3) console.log(BUCKET_NOTE);
  } else {
    const manifest = await restore(target, folder, flags.includes('--force'));
    console.log(
      `Backup de ${manifest.createdAt} (${manifest.engine}) restaurado. Inicie o servidor: migrações pendentes ` +
        'são aplicadas na partida.',
    );
  }
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = 1;
}
