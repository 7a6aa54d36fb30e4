/**
 * The server's one composition root (issue 32 item 5): builds every service of the installation
 * from the configuration, the opened storage, the clock and the ids, without Fastify, and returns
 * one typed object. `start()` begins what runs by itself (the cluster link, the background jobs,
 * presence); `stop()` ends it and closes the adapters that hold a process or a connection. The
 * HTTP app (app.ts) and its plugins only adapt these services; a test builds them without a server
 * (services.test.ts).
 */
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import type { Logger } from 'pino';
import QRCode from 'qrcode';
import { hash as argon2Hash } from '@node-rs/argon2';
import { BUREAU_NAME, isInLithuania, smsServed, type CaptchaPort, type Declaration, type Party, type EmailSenderPort, type SmsSenderPort } from '@eid/domain';
import { INSURER_API_PATH } from '@eid/domain/protocol';
import { DeclarationHub, PRESENCE_REPEAT_MS, UploadService, type ClusterPort } from '@eid/hub';
import { photoLegend } from './messages/legend.js';
import { AccountService, ChatService, ClaimService, ExpiryReminders, IdentitySignIn, OidcSignIn, StaffService, announceFinished, announceMissed, statementClaims, type ConsolePorts, type InsurerPorts, type RecordsPorts, type StatementPorts } from '@eid/accounts';
import { WebCryptoHash } from '@eid/adapter-system';
import { readRegistrySeed } from '@eid/adapter-registry-sqlite';
import { translate } from '@eid/adapter-texts-catalog';
import { FixtureAddresses } from '@eid/adapter-address-fixture';
import { SharpMediaProcessor } from '@eid/adapter-media-sharp';
import { TesseractPlateReader } from '@eid/adapter-plate-ocr';
import { PdfClaimRenderer, PdfDocumentRenderer } from '@eid/adapter-document-pdf';
import { QpdfEncryption } from '@eid/adapter-pdf-qpdf';
import { SmtpMailSender } from '@eid/adapter-mail-smtp';
import { SmppSmsSender } from '@eid/adapter-sms-smpp';
import { AltchaCaptcha } from '@eid/adapter-captcha-altcha';
import { Argon2PasswordHasher } from '@eid/adapter-password-argon2';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import type { ServerConfig } from './config.js';
import type { Storage } from './storage/index.js';
import type { ClockPort, IdPort } from '@eid/domain';
import { DevClock } from './dev-clock.js';
import { GatewaySms } from './messages/gateway-sms.js';
import { loadSecret } from './secret.js';
import { EmailConfirmationLinks } from './output/email-confirmation.js';
import { seedBureauRecords } from './bureau/seed.js';
import { AccountMailer } from './messages/account-texts.js';
import { ReminderSender } from './messages/reminder-texts.js';
import { ChatEvents } from './chat/chat-events.js';
import { ChatNotifier } from './messages/chat-texts.js';
import { ClaimDispatch } from './claims/claim-dispatch.js';
import { victimDeclarations } from './claims/victim-declarations.js';
import { seedDemoStaff } from './bureau/staff-seed.js';
import { skProviders } from './accounts/sk-providers.js';
import { oidcProviders } from './accounts/oidc-providers.js';
import { SmsPhoneCodeSender } from './messages/phone-code-sender.js';
import { DeclarationFinalizer } from './output/finalizer.js';
import { NodeCredentials } from './insurers/credentials.js';
import { InsurerOAuth } from './insurers/oauth.js';
import { WebhookAddressCheck } from './insurers/webhook-address.js';
import { webhookSender } from './insurers/webhook-sender.js';
import { WebhookWorker } from './insurers/webhook-worker.js';
import { ClaimNotifier } from './messages/insurer-claim-texts.js';
import { DeliveryWorker } from './output/delivery-worker.js';
import { RetentionSweep } from './output/retention.js';
import { SubmitWorker } from './hub/submit-worker.js';
import { SYSTEM_UPDATE_REFRESH_MS, SystemUpdates } from './operations/system-update.js';
import { deliverySource, startBackgroundWork, submitSource } from './jobs/background.js';

export interface ServiceDeps {
  readonly config: ServerConfig;
  /** Opened (and closed) by the caller with the same clock and ids (openStorage). */
  readonly storage: Storage;
  readonly clock: ClockPort;
  readonly ids: IdPort;
  readonly logger: Logger;
}

/** Every service of the installation, built once. */
export type Services = Awaited<ReturnType<typeof buildServices>>;

export async function buildServices(deps: ServiceDeps) {
  const { config, storage, clock, ids, logger } = deps;
  const closers: Array<() => unknown> = [];
  const hash = new WebCryptoHash();
  const devClock = config.devClock && clock instanceof DevClock ? clock : null;

  const registry = storage.registry;
  // The embedded installation answers plate checks from the registry adapter's seed data (real
  // insurers, plates for every outcome); a real registry adapter replaces it in production. The
  // insurers are brought up to date at every start; the vehicles only into an empty registry.
  if (config.registrySeed === 'fixture') {
    const fixture = readRegistrySeed();
    await registry.seed((await registry.count()).vehicles === 0 ? fixture : { ...fixture, vehicles: [] });
  }
  if (config.bureauSeed === 'fixture') await seedBureauRecords(storage.bureau, clock.now());
  // The address registry's service replaces the fixture in a real installation.
  const addressLookup = new FixtureAddresses();
  // Photos on their way to the pipeline's processes go through files under the data directory (handover.ts).
  const media = new SharpMediaProcessor({ handoverRoot: join(config.dataDir, 'photos-in-progress') });
  const plateReader = new TesseractPlateReader();
  closers.push(() => media.close(), () => plateReader.close());

  const outbox = storage.outbox;
  // SMS over SMPP when a gateway is configured (SMS3-SMS5), else into the local outbox.
  let gateway: GatewaySms | null = null;
  const smppLog = (message: string, data: Record<string, unknown>) => logger.info({ ...data, src: 'smpp' }, message);
  const smpp = config.smppUrl
    ? new SmppSmsSender({ url: config.smppUrl, log: smppLog, onReceipt: (smscId, state) => void gateway?.receipt(smscId, state).catch((error: unknown) => logger.error({ err: error }, 'an SMS receipt was not recorded')) })
    : null;
  gateway = smpp ? new GatewaySms(outbox, smpp, smppLog) : null;
  const sms: SmsSenderPort = gateway ?? outbox;
  closers.push(() => smpp?.close());
  const secret = loadSecret(config.secret, config.dataDir);
  // Without an SMTP server the e-mails go to the local outbox (the embedded installation).
  const smtp = config.smtpUrl ? new SmtpMailSender({ url: config.smtpUrl, from: config.mailFrom }) : null;
  const mail: EmailSenderPort = smtp ?? outbox;
  const expiring = storage.expiring;
  const captcha: CaptchaPort | null = config.captcha ? new AltchaCaptcha({ secret, cost: config.captchaCost, clock, used: expiring }) : null;
  const emailLinks = new EmailConfirmationLinks({ secret, publicUrl: config.publicUrl, clock, email: mail });
  const renderer = new PdfDocumentRenderer({ fontDir: config.fontDir, translate });
  const encryption = new QpdfEncryption({ qpdf: config.qpdf });
  const output = storage.output;

  const accountPorts = { store: storage.accounts, hasher: new Argon2PasswordHasher(), mail: new AccountMailer(mail, config.publicUrl), clock, ids, hash, expiring };
  const accounts = new AccountService(accountPorts);
  // BR4: the expiry reminders, by e-mail (SMTP or the outbox) and SMS (the gateway or the outbox).
  const reminders = new ExpiryReminders({ bureau: storage.bureau, store: storage.accounts, expiring, clock, hash, send: new ReminderSender(mail, sms, config.publicUrl), smsServed: (e164) => smsServed(e164, config.smsCallingCodes) });
  const chatEvents = new ChatEvents();
  const notify = new ChatNotifier({ accounts: storage.accounts, chats: storage.chats, mail, sms, publicUrl: config.publicUrl, smsCallingCodes: config.smsCallingCodes });
  const chats = new ChatService({ chats: storage.chats, clock, ids, events: chatEvents, notify, log: (message, data) => logger.warn(data, message) });
  const claimDispatch = new ClaimDispatch({ renderer: new PdfClaimRenderer({ fontDir: config.fontDir, translate }), registry, blobs: storage.blobs, declarations: storage.declarations, mail, bureauEmail: config.claimsEmail, messageIdHost: new URL(config.publicUrl).hostname });
  const claims = new ClaimService({ claims: storage.claims, clock, ids, chats, declarations: victimDeclarations(storage), dispatch: claimDispatch, log: (message, data) => logger.warn(data, message) });
  // UE8: a claim's scheme from its declaration (the form and the claim's PDF show it).
  const claimFiles = { claims, declarations: storage.declarations, blobs: storage.blobs };
  // Issue 36: the claim numbers insurers registered, on each driver's statement.
  const insurerClaims = (declaration: Declaration, party: Party) => statementClaims({ store: storage.insurers, registry }, declaration, party);
  // BR1-BR5, settings M: what the records use cases read.
  const records: RecordsPorts = { bureau: storage.bureau, insurers: registry, statements: output, declarations: storage.declarations, accounts: storage.accounts, seated: victimDeclarations(storage), clock, insurerClaims };
  // PV: what opening a driver's statement reads (its wrong tries survive a restart, FU7).
  const statements: StatementPorts = {
    statements: output,
    declarations: storage.declarations,
    blobs: storage.blobs,
    hasher: accountPorts.hasher,
    dummyHash: await accountPorts.hasher.hash('no-such-statement'),
    expiring,
    clock,
    captcha,
    log: (message, data) => logger.info(data, message),
    insurerClaims,
  };
  const staff = new StaffService({ store: storage.staff, hasher: accountPorts.hasher, totp: new OtplibTotp(), clock, ids, hash, expiring });
  if (config.staffSeed === 'fixture') await seedDemoStaff(staff);
  // SF2, CH3-CH6, UE9: what the console's use cases read (each writes the audit log first).
  const consolePorts: ConsolePorts = { staff, chats, claims, accounts: storage.accounts, statements: output, declarations: storage.declarations, insurerClaims, insurerFeed: storage.insurers, registry };
  // Issue 36: the insurers' clients and what their systems read, over the same stores.
  const insurerLinks = (path: string) => `${config.publicUrl.replace(/\/$/, '')}${path}`;
  const credentials = new NodeCredentials(secret);
  const insurers: InsurerPorts = {
    store: storage.insurers,
    staff,
    audit: storage.staff,
    registry,
    declarations: storage.declarations,
    statements: output,
    blobs: storage.blobs,
    expiring,
    credentials,
    webhookAddress: new WebhookAddressCheck({ publicUrl: config.publicUrl, localHosts: config.webhookLocalHosts }),
    notify: new ClaimNotifier(output),
    // The finalizer (made below) renders the insurers' copy again when a system asks for it.
    documents: { insurersCopy: (declaration, accidentId, completedAt) => finalizer.insurersCopy(declaration, accidentId, completedAt) },
    clock,
    ids,
    links: {
      declaration: (id) => insurerLinks(`${INSURER_API_PATH}/declarations/${id}`),
      file: (id, fileId) => insurerLinks(`${INSURER_API_PATH}/declarations/${id}/files/${fileId}`),
    },
  };
  const insurerOAuth = new InsurerOAuth(insurers);
  const webhookWorker = new WebhookWorker({
    store: storage.insurers,
    openSecret: (sealed) => credentials.open(sealed),
    send: webhookSender(config.webhookLocalHosts),
    clock,
    log: (level, message, data) => logger[level]({ data }, message),
  });
  const sk = await skProviders(config);
  closers.push(() => sk.close());
  const identity = new IdentitySignIn(accountPorts, accounts, sk.providers);
  const social = await oidcProviders(config);
  closers.push(() => social.close());
  const oidc = new OidcSignIn(accountPorts, accounts, social.providers);
  closers.push(() => smtp?.close());

  // The declaration hub over the configured storage (SQLite and files, or PostgreSQL and the object store).
  const { declarations, blobs, submitQueue: queue } = storage;
  const log = (level: 'warn' | 'error', message: string, data?: unknown) => logger[level]({ data }, message);
  // Several nodes: the declaration lock across them, and presence told to the others.
  const link = storage.cluster;
  const cluster: ClusterPort | undefined = link
    ? {
        withLock: (id, run, options) => link.withLock(id, run, options),
        publishPresence: (id, present) => void link.publishPresence(id, present).catch((e: unknown) => log('warn', 'presence could not be told to the other nodes', String(e))),
      }
    : undefined;
  const hub = new DeclarationHub(
    {
      ...(cluster ? { cluster } : {}),
      store: declarations,
      // Limits and codes in the database: a restart forgets none (FU7).
      expiring,
      blobs,
      queue,
      registry,
      clock,
      ids,
      hash,
      isInLithuania,
      phoneCodes: new SmsPhoneCodeSender(sms),
      ...(captcha ? { captcha } : {}),
      // JN8: the asking addresses are kept only as hashes keyed with the installation's secret.
      sourceHash: async (text) => createHmac('sha256', secret).update(text).digest('hex'),
      emailConfirmation: emailLinks,
      log,
    },
    { maxTimeAdjustHours: config.maxTimeAdjustHours, mode: 'live', smsCallingCodes: config.smsCallingCodes },
  );
  // SU1-SU3: the announced system update, every node's hub refusing new declarations while it runs.
  const systemUpdates = new SystemUpdates(expiring, clock, (u) => hub.announceSystemUpdate(u?.until ?? 0, u?.from ?? 0));

  // Use case "upload a photo": the hub's binaries through the sharp pipeline and Tesseract.
  const uploads = new UploadService({
    binaries: hub,
    media,
    plates: plateReader,
    legend: ({ lang, set, party, plate, time }) => photoLegend(lang, set, party, plate, time),
    log: (message, data) => logger.info(data, message),
  });
  const outputLog = (level: 'info' | 'warn' | 'error', message: string, data?: unknown) => logger[level]({ data }, message);
  const finalizer = new DeclarationFinalizer({
    store: declarations,
    blobs,
    output,
    renderer,
    encryption,
    media,
    registry,
    insurers: { announce: (declaration, finishedAt) => announceFinished(insurers, declaration, finishedAt) },
    bureau: { email: config.claimsEmail, name: BUREAU_NAME },
    ids,
    clock,
    hashPassword: (password) => argon2Hash(password),
    qrPng: async (text) => new Uint8Array(await QRCode.toBuffer(text, { type: 'png', width: 240, margin: 2, errorCorrectionLevel: 'M' })),
    publicUrl: config.publicUrl,
    log: outputLog,
  });
  const deliveryWorker = new DeliveryWorker({ source: deliverySource(storage, clock), output, blobs, email: mail, sms, clock, messageIdHost: new URL(config.publicUrl).hostname, log: outputLog });
  const submitWorker = new SubmitWorker(submitSource(storage, clock, log), hub, finalizer, clock, log, () => {
    if (config.backgroundJobs) void deliveryWorker.runOnce().catch((e: unknown) => log('error', 'delivery failed', String(e)));
    if (config.backgroundJobs) void webhookWorker.runOnce().catch((e: unknown) => log('error', 'webhooks failed', String(e)));
  });
  const retention = new RetentionSweep({ store: declarations, output, blobs, accounts: storage.accounts, chats: storage.chats, claims: storage.claims, audit: storage.staff, insurers: storage.insurers, outbox, clock, log: (message, data) => logger.info(data, message) });

  const timers: NodeJS.Timeout[] = [];
  let started = false;
  return {
    config,
    storage,
    clock,
    ids,
    hash,
    devClock,
    secret,
    registry,
    addressLookup,
    media,
    plateReader,
    outbox,
    sms,
    mail,
    expiring,
    captcha,
    emailLinks,
    renderer,
    encryption,
    output,
    accounts,
    identity,
    oidc,
    reminders,
    chatEvents,
    chats,
    claimDispatch,
    claims,
    claimFiles,
    staff,
    records,
    statements,
    console: consolePorts,
    insurers,
    insurerOAuth,
    webhookWorker,
    hub,
    systemUpdates,
    uploads,
    submitWorker,
    deliveryWorker,
    retention,
    blobStore: blobs,
    declarations,
    /** Begins what runs by itself: the cluster link (other nodes' changes, presence, chats), the background jobs. */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      if (link) {
        // What other nodes commit reaches this node's devices; a lost listener resyncs when it is back.
        await link.start({
          changed: (id, version) => void hub.heard(id, version).catch((e: unknown) => log('warn', 'a change of another node could not be pushed', String(e))),
          presence: (id, node, present) => hub.heardPresence(id, node, present),
          resync: () => {
            void hub.resync().catch((e: unknown) => log('warn', 'the resync after a lost listener failed', String(e)));
            chatEvents.resync();
          },
          chat: (accountId, chatId) => chatEvents.deliver(accountId, chatId),
        });
        chatEvents.publishToCluster = (accountId, chatId) => void link.publishChat(accountId, chatId).catch((e: unknown) => log('warn', 'a chat change could not be told to the other nodes', String(e)));
        const presence = setInterval(() => hub.repeatPresence(), PRESENCE_REPEAT_MS);
        presence.unref();
        timers.push(presence);
      }
      // Every node reads the announcement again by itself (one made on another node reaches this hub).
      await systemUpdates.refresh().catch((e: unknown) => log('warn', 'the system update could not be read', String(e)));
      const updates = setInterval(() => void systemUpdates.refresh().catch((e: unknown) => log('warn', 'the system update could not be read', String(e))), SYSTEM_UPDATE_REFRESH_MS);
      updates.unref();
      timers.push(updates);
      if (config.backgroundJobs) {
        const sweep = () => Promise.all([accounts.sweep(), reminders.runDue(), staff.sweep()]);
        timers.push(...(await startBackgroundWork({ storage, hub, accounts: { sweep }, submit: submitWorker, delivery: deliveryWorker, webhooks: webhookWorker, insurersSweep: () => announceMissed(insurers), retention, log })));
      }
    },
    /** Open event streams never end by themselves: ended first, or a closing server would wait for them. */
    endStreams(): void {
      chatEvents.endAll();
    },
    /** Ends what runs by itself (a run in progress finishes; what is due waits, durably, for the next start), then closes the adapters. */
    async stop(): Promise<void> {
      for (const t of timers.splice(0)) clearInterval(t);
      await submitWorker.idle();
      await deliveryWorker.idle();
      await webhookWorker.idle();
      for (const close of closers.splice(0).reverse()) await close();
    },
  };
}
