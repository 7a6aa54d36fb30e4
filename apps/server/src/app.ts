import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type {
  AddressLookupPort,
  BlobStorePort,
  CaptchaPort,
  ClockPort,
  DeclarationStorePort,
  DocumentRendererPort,
  EmailSenderPort,
  SmsSenderPort,
  ExpiringStorePort,
  HashPort,
  IdPort,
  MediaProcessorPort,
  OutputStorePort,
  PdfEncryptionPort,
  PlateReaderPort,
  VehicleRegistryPort,
} from '@eid/domain';
import { smsServed } from '@eid/domain';
import { type ApiErrorBody } from '@eid/domain/protocol';
import type { DeclarationHub } from '@eid/hub';
import type { RetentionSweep } from './output/retention.js';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { persistentRateLimitStore } from './plugins/rate-limit-store.js';
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
import { GatewaySms } from './messages/gateway-sms.js';
import { AltchaCaptcha } from '@eid/adapter-captcha-altcha';
import { loadSecret } from './secret.js';
import { EmailConfirmationLinks } from './output/email-confirmation.js';
import type { DeliveryWorker } from './output/delivery-worker.js';
import type { ServerConfig } from './config.js';
import type { LocalOutbox, Storage } from './storage/index.js';
import type { SubmitWorker } from './hub/submit-worker.js';
import hub from './plugins/hub.js';
import errors from './plugins/errors.js';
import requestLog from './plugins/request-log.js';
import devClockRoutes from './routes/dev-clock.js';
import { DevClock } from './dev-clock.js';
import security from './plugins/security.js';
import web from './plugins/web.js';
import health from './routes/health.js';
import parameters from './routes/parameters.js';
import log from './routes/log.js';
import blob from './routes/blob.js';
import devOutbox from './routes/dev-outbox.js';
import devMetrics from './routes/dev-metrics.js';
import addresses from './routes/addresses.js';
import cookie from '@fastify/cookie';
import statement from './routes/statement.js';
import getFile from './routes/get-file.js';
import captcha from './routes/captcha.js';
import confirmEmail from './routes/confirm-email.js';
import account from './routes/account.js';
import oidc from './routes/oidc.js';
import records from './routes/records.js';
import { AccountService, ChatService, ClaimService, ExpiryReminders, IdentitySignIn, OidcSignIn, StaffService, type ConsolePorts, type RecordsPorts, type StatementPorts } from '@eid/accounts';
import { ClaimDispatch } from './claims/claim-dispatch.js';
import { victimDeclarations } from './claims/victim-declarations.js';
import claims from './routes/claims.js';
import { OtplibTotp } from '@eid/adapter-totp-otplib';
import { ChatEvents } from './chat/chat-events.js';
import { ChatNotifier } from './messages/chat-texts.js';
import { seedDemoStaff } from './bureau/staff-seed.js';
import chat from './routes/chat.js';
import consoleRoutes from './routes/console.js';
import { ReminderSender } from './messages/reminder-texts.js';
import { skProviders } from './accounts/sk-providers.js';
import { oidcProviders } from './accounts/oidc-providers.js';
import { seedBureauRecords } from './bureau/seed.js';
import { Argon2PasswordHasher } from '@eid/adapter-password-argon2';
import { AccountMailer } from './messages/account-texts.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
    /** The configured storage: SQLite for one process, PostgreSQL for several nodes. */
    storage: Storage;
    /** Where the browser's log calls are written (a pino child named "client"). */
    clientLog: Logger;
    clock: ClockPort;
    ids: IdPort;
    hash: HashPort;
    registry: VehicleRegistryPort;
    hub: DeclarationHub;
    submitWorker: SubmitWorker;
    deliveryWorker: DeliveryWorker;
    blobStore: BlobStorePort;
    declarations: DeclarationStorePort;
    /** The installation's secret (signed links and cookies, captcha challenges). */
    secret: string;
    /** E-mail: SMTP when configured, else the local outbox. */
    mail: EmailSenderPort;
    /** Null when the captcha is switched off (EID_CAPTCHA=off). */
    captcha: CaptchaPort | null;
    emailLinks: EmailConfirmationLinks;
    renderer: DocumentRendererPort;
    encryption: PdfEncryptionPort;
    output: OutputStorePort;
    /** The local outbox: where SMS and e-mail go in an installation without gateways. */
    outbox: LocalOutbox;
    /** Where SMS go: the SMPP gateway (its states kept in the outbox) when configured, else the outbox. */
    sms: SmsSenderPort;
    addressLookup: AddressLookupPort;
    media: MediaProcessorPort;
    plateReader: PlateReaderPort;
    /** Short-lived state that must survive a restart: limits, lock-outs, phone codes, used captcha tokens (FU7). */
    expiring: ExpiringStorePort;
    /** The HTTP routes' per-IP counters, in the database (FU7). */
    rateLimitStore: FastifyRateLimitStoreCtor;
    /** Deletes what the terms say is kept no longer (RT1, RT2). */
    retention: RetentionSweep;
    /** The chats with the bureau (issue 16). */
    chats: ChatService;
    /** The open pages' live updates of chats (CH6). */
    chatEvents: ChatEvents;
    /** The bureau's staff and the audit log (issue 16). */
    staff: StaffService;
    /** The victims' claims (issue 17). */
    claims: ClaimService;
    /** The person's records and notification choices (BR1-BR5, settings M). */
    records: RecordsPorts;
    /** What the console's use cases read (issue 16, 17). */
    console: ConsolePorts;
    /** What opening a driver's statement reads (PV). */
    statements: StatementPorts;
    /** A claim's PDF, and its e-mail to the competent body (issue 17). */
    claimDispatch: ClaimDispatch;
    /** A test installation's clock that its tests move forward (EID_DEV_CLOCK=on); null otherwise. */
    devClock: DevClock | null;
    /** Every route registered (method and path), in order. */
    routeTable: ReadonlyArray<{ readonly method: string; readonly url: string }>;
  }
}

export interface AppDeps {
  readonly config: ServerConfig;
  /** Opened (and closed) by the caller with the same clock and ids (openStorage). */
  readonly storage: Storage;
  readonly clock: ClockPort;
  readonly ids: IdPort;
  /** The process's pino logger; tests pass one writing to a buffer. */
  readonly logger: Logger;
}

/**
 * Builds the whole HTTP application without listening: server.ts listens, tests inject.
 * A default body limit of 1 MiB applies to every route; routes that take more (uploads)
 * raise it for themselves, routes that take less (logs) lower it.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // A request (its headers and body) must arrive within 5 minutes: a body trickled in slowly holds
    // no upload slot or buffer longer (20 MB at 0.6 Mbit/s still fits).
    requestTimeout: 300_000,
    // Only the configured proxies may say who the client is (X-Forwarded-For); otherwise the socket's address counts.
    trustProxy: deps.config.trustedProxies.length > 0 ? [...deps.config.trustedProxies] : false,
    // One line per request, within its address's budget (plugins/request-log.ts, FU12).
    logController: new LogController({ disableRequestLogging: true }),
    // The router's own refusals (a path parameter over its length, a malformed URL) are typed like the rest.
    frameworkErrors: (_error, _request, reply) => {
      const body: ApiErrorBody = { code: 'DATA_ERROR' };
      void (reply as FastifyReply).code(400).type('application/json; charset=utf-8').send(body);
    },
  });
  // Every route as registered, for the check that each is a call of the domain's HTTP_CALLS.
  const routeTable: Array<{ readonly method: string; readonly url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url });
  });
  app.decorate('routeTable', routeTable);

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', deps.config);
        instance.decorate('storage', deps.storage);
        instance.decorate('clock', deps.clock);
        instance.decorate('ids', deps.ids);
        instance.decorate('hash', new WebCryptoHash());
        instance.decorate('devClock', deps.config.devClock && deps.clock instanceof DevClock ? deps.clock : null);
        const registry = deps.storage.registry;
        // The embedded installation answers plate checks from the registry adapter's seed data
        // (real insurers, plates for every outcome); a real registry adapter replaces it in production.
        if (deps.config.registrySeed === 'fixture') {
          // The insurers are brought up to date at every start (an older data folder gets the
          // claims e-mail addresses); the vehicles only into an empty registry.
          const fixture = readRegistrySeed();
          await registry.seed((await registry.count()).vehicles === 0 ? fixture : { ...fixture, vehicles: [] });
        }
        instance.decorate('registry', registry);
        if (deps.config.bureauSeed === 'fixture') await seedBureauRecords(deps.storage.bureau, deps.clock.now());
        // The address registry's service replaces the fixture in a real installation.
        instance.decorate('addressLookup', new FixtureAddresses());
        const media = new SharpMediaProcessor();
        const plateReader = new TesseractPlateReader();
        instance.decorate('media', media);
        instance.decorate('plateReader', plateReader);
        instance.addHook('onClose', async () => {
          await media.close();
          await plateReader.close();
        });
        const outbox = deps.storage.outbox;
        instance.decorate('outbox', outbox);
        // SMS over SMPP when a gateway is configured (SMS3-SMS5), else into the local outbox.
        let gateway: GatewaySms | null = null;
        const smppLog = (message: string, data: Record<string, unknown>) => instance.log.info({ ...data, src: 'smpp' }, message);
        const smpp = deps.config.smppUrl
          ? new SmppSmsSender({ url: deps.config.smppUrl, log: smppLog, onReceipt: (smscId, state) => void gateway?.receipt(smscId, state).catch((error: unknown) => instance.log.error({ err: error }, 'an SMS receipt was not recorded')) })
          : null;
        gateway = smpp ? new GatewaySms(outbox, smpp, smppLog) : null;
        const sms: SmsSenderPort = gateway ?? outbox;
        instance.decorate('sms', sms);
        instance.addHook('onClose', async () => smpp?.close());
        const secret = loadSecret(deps.config.secret, deps.config.dataDir);
        instance.decorate('secret', secret);
        // Without an SMTP server the e-mails go to the local outbox (the embedded installation).
        const smtp = deps.config.smtpUrl ? new SmtpMailSender({ url: deps.config.smtpUrl, from: deps.config.mailFrom }) : null;
        const mail: EmailSenderPort = smtp ?? outbox;
        instance.decorate('mail', mail);
        const expiringState = deps.storage.expiring;
        instance.decorate('expiring', expiringState);
        instance.decorate('rateLimitStore', persistentRateLimitStore(expiringState, () => instance.clock.now()));
        instance.decorate('captcha', deps.config.captcha ? new AltchaCaptcha({ secret, cost: deps.config.captchaCost, clock: instance.clock, used: expiringState }) : null);
        instance.decorate('emailLinks', new EmailConfirmationLinks({ secret, publicUrl: deps.config.publicUrl, clock: instance.clock, email: mail }));
        instance.decorate('renderer', new PdfDocumentRenderer({ fontDir: deps.config.fontDir, translate }));
        instance.decorate('encryption', new QpdfEncryption({ qpdf: deps.config.qpdf }));
        instance.decorate('output', deps.storage.output);
        const accountPorts = {
          store: deps.storage.accounts,
          hasher: new Argon2PasswordHasher(),
          mail: new AccountMailer(mail, deps.config.publicUrl),
          clock: instance.clock,
          ids: instance.ids,
          hash: instance.hash,
          expiring: expiringState,
        };
        const accountService = new AccountService(accountPorts);
        instance.decorate('accounts', accountService);
        // BR4: the expiry reminders, by e-mail (SMTP or the outbox) and SMS (the gateway or the outbox).
        instance.decorate('reminders', new ExpiryReminders({ bureau: deps.storage.bureau, store: deps.storage.accounts, expiring: expiringState, clock: instance.clock, hash: instance.hash, send: new ReminderSender(mail, sms, deps.config.publicUrl), smsServed: (e164) => smsServed(e164, deps.config.smsCallingCodes) }));
        const chatEvents = new ChatEvents();
        instance.decorate('chatEvents', chatEvents);
        // Open event streams never end by themselves: a closing server ends them, or close() would wait for them.
        instance.addHook('preClose', async () => chatEvents.endAll());
        const notify = new ChatNotifier({ accounts: deps.storage.accounts, chats: deps.storage.chats, mail, sms, publicUrl: deps.config.publicUrl, smsCallingCodes: deps.config.smsCallingCodes });
        instance.decorate('chats', new ChatService({ chats: deps.storage.chats, clock: instance.clock, ids: instance.ids, events: chatEvents, notify, log: (message, data) => instance.log.warn(data, message) }));
        const claimDispatch = new ClaimDispatch({ renderer: new PdfClaimRenderer({ fontDir: deps.config.fontDir, translate }), registry, blobs: deps.storage.blobs, declarations: deps.storage.declarations, mail, bureauEmail: deps.config.claimsEmail, messageIdHost: new URL(deps.config.publicUrl).hostname });
        instance.decorate('claimDispatch', claimDispatch);
        // BR1-BR5, settings M: what the records use cases read.
        instance.decorate('records', {
          bureau: deps.storage.bureau,
          insurers: registry,
          statements: deps.storage.output,
          declarations: deps.storage.declarations,
          accounts: deps.storage.accounts,
          seated: victimDeclarations(deps.storage),
          clock: instance.clock,
        } satisfies RecordsPorts);
        // PV: what opening a driver's statement reads (its wrong tries survive a restart, FU7).
        instance.decorate('statements', {
          statements: deps.storage.output,
          declarations: deps.storage.declarations,
          hasher: accountPorts.hasher,
          dummyHash: await accountPorts.hasher.hash('no-such-statement'),
          expiring: expiringState,
          clock: instance.clock,
          captcha: instance.captcha,
          log: (message, data) => instance.log.info(data, message),
        } satisfies StatementPorts);
        instance.decorate('claims', new ClaimService({ claims: deps.storage.claims, clock: instance.clock, ids: instance.ids, chats: instance.chats, declarations: victimDeclarations(deps.storage), dispatch: claimDispatch, log: (message, data) => instance.log.warn(data, message) }));
        const staff = new StaffService({ store: deps.storage.staff, hasher: accountPorts.hasher, totp: new OtplibTotp(), clock: instance.clock, ids: instance.ids, hash: instance.hash, expiring: expiringState });
        instance.decorate('staff', staff);
        // SF2, CH3-CH6, UE9: what the console's use cases read (each writes the audit log first).
        instance.decorate('console', {
          staff,
          chats: instance.chats,
          claims: instance.claims,
          accounts: deps.storage.accounts,
          statements: deps.storage.output,
          declarations: deps.storage.declarations,
        } satisfies ConsolePorts);
        if (deps.config.staffSeed === 'fixture') await seedDemoStaff(staff);
        const sk = await skProviders(deps.config);
        instance.addHook('onClose', async () => sk.close());
        instance.decorate('identity', new IdentitySignIn(accountPorts, accountService, sk.providers));
        const social = await oidcProviders(deps.config);
        instance.addHook('onClose', async () => social.close());
        instance.decorate('oidc', new OidcSignIn(accountPorts, accountService, social.providers));
        instance.addHook('onClose', async () => smtp?.close());
        const clientLog: Logger = deps.logger.child({ name: 'client' });
        instance.decorate('clientLog', { getter: () => clientLog });
      },
      { name: 'eid-config' },
    ),
  );
  await app.register(requestLog);
  await app.register(errors);
  await app.register(cookie, { secret: app.secret });
  await app.register(security);
  // The WebSocket plugin must come before the other routes (it intercepts upgrades).
  await app.register(hub);
  await app.register(health);
  await app.register(parameters);
  await app.register(log);
  await app.register(blob);
  if (deps.config.devOutbox) await app.register(devOutbox);
  if (deps.config.devClock) await app.register(devClockRoutes);
  await app.register(devMetrics);
  await app.register(addresses);
  await app.register(statement);
  await app.register(getFile);
  await app.register(captcha);
  await app.register(confirmEmail);
  await app.register(account);
  await app.register(oidc);
  await app.register(records);
  await app.register(chat);
  await app.register(claims);
  await app.register(consoleRoutes);
  await app.register(web);
  return app;
}
