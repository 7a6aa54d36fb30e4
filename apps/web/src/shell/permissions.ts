import { PERMISSION_COOKIES } from '@eid/domain';

/**
 * Declaration-flow §6: "Browser permissions requested: location, camera, microphone. Each request is
 * remembered in a cookie." Set when the page asks (or opens the camera), for a year; it holds no
 * answer, only that it was asked.
 */
export function rememberPermissionRequest(kind: keyof typeof PERMISSION_COOKIES): void {
  document.cookie = `${PERMISSION_COOKIES[kind]}=1; path=/; max-age=31536000; SameSite=Lax`;
}
