/**
 * The connection machine over real or fake ports: the transport becomes its socket actor, local
 * storage keeps the seat, the unacknowledged edits and the recovery snapshot.
 */
import { fromCallback } from 'xstate';
import type { KeyValuePort } from '../../ports/key-value.port.js';
import type { TransportPort } from '../../protocol/transport.port.js';
import { recoverySnapshot, type RecoveryFlags } from './recovery.js';
import { clearSession, saveRecovery, saveSession } from './session-storage.js';
import { isKept, type SocketCommand } from './connection.context.js';
import { connectionMachine } from './connection.machine.js';

export interface ConnectionPorts {
  readonly transport: TransportPort;
  /** Local storage; the session and the recovery snapshot are kept there. */
  readonly storage: KeyValuePort;
  /** The flags of the recovery snapshot that the connection does not know itself. */
  readonly recoveryFlags?: () => Omit<RecoveryFlags, 'isA' | 'httpConnected'>;
}

/** The machine with its socket actor and storage actions taken from ports. */
export function provideConnectionPorts(ports: ConnectionPorts) {
  return connectionMachine.provide({
    actors: {
      socket: fromCallback<SocketCommand>(({ sendBack, receive }) => {
        let open = true;
        const link = ports.transport.open({
          opened: () => open && sendBack({ type: 'transport.opened' }),
          message: (message) => open && sendBack({ type: 'transport.message', message }),
          closed: () => {
            if (!open) return;
            open = false;
            sendBack({ type: 'transport.closed' });
          },
        });
        receive((command) => {
          if (command.type === 'send') link.send(command.frame);
          else if (open) {
            open = false;
            link.close();
          }
        });
        return () => {
          if (!open) return;
          open = false;
          link.close();
        };
      }),
    },
    actions: {
      persist: ({ context }) => {
        if (!context.credentials) return;
        saveSession(ports.storage, context.credentials, [...context.inflight.map((i) => i.call), ...context.queued].filter(isKept));
      },
      persistRecovery: ({ context }) => {
        if (!context.declaration || !context.party) return;
        const flags = ports.recoveryFlags?.() ?? { ip: null, loggedIn: false, storedMode: null };
        saveRecovery(ports.storage, recoverySnapshot(context.declaration, { ...flags, isA: context.party === 'A', httpConnected: true }));
      },
      forget: () => clearSession(ports.storage),
    },
  });
}
