/** app-shell §7: backend base path and websocket path. */
export const BACKEND_BASE_PATH = '/serveris';
export const WS_PATH = `${BACKEND_BASE_PATH}/ws-interface`;
export const HEALTH_PATH = `${BACKEND_BASE_PATH}/health`;
export const GET_FILE_PATH = '/getFile';
