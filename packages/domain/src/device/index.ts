/**
 * API Boundary: the device part of the domain, what runs on the phone: the connection to the hub
 * and its recovery, the session that orchestrates them, the wizard, guilt, submit, image sync, the
 * audio recorder, the captcha and the application shell's start-up, as XState machines over ports. The server never imports it
 * (.dependency-cruiser.cjs, "server-never-imports-device").
 */
export * from './connect/index.js';
export * from './guilt/guilt.machine.js';
export * from './submit/submit.machine.js';
export * from './image-sync/index.js';
export * from './wizard/steps.js';
export * from './wizard/wizard.machine.js';
export * from './wizard/progress.js';
export * from './audio/recorder.machine.js';
export * from './captcha/captcha.machine.js';
export * from './session/session.machine.js';
export * from './shell/index.js';
