// What routes need from the outside world, decorated once on the root instance.
import fp from 'fastify-plugin';
import type { Config } from '../config/env';
import type { DatabaseHandle, Database, DatabaseKind } from '../db/client';
import { createFileStorage } from '../media/create-file-storage';
import type { FileStorage } from '../media/file-storage';
import { mediaUrlFor, type MediaUrl } from '../media/media-url';
import { mailLinks, type MailLinks } from '../mail/mail-links';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    databaseKind: DatabaseKind;
    mediaUrl: MediaUrl;
    /** Uploaded files and receipt bundles: disk under DATA_DIR/uploads, or S3 (UPLOAD_STORAGE). */
    fileStorage: FileStorage;
    /** The links mails carry (mail/mail-links.ts). */
    mailLinks: MailLinks;
  }
}

export const contextPlugin = fp<{ config: Config; database: DatabaseHandle }>(async (app, { config, database }) => {
  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('mediaUrl', mediaUrlFor(config.MEDIA_BASE_URL));
  const fileStorage = await createFileStorage(config);
  app.decorate('fileStorage', fileStorage);
  app.addHook('onClose', async () => fileStorage.close?.());
  app.decorate('mailLinks', mailLinks(config));
});
