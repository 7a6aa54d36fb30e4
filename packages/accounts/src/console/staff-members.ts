/**
 * SF4 and issue 36: the supervisor's staff list with the registry's insurers (an insurer's staff
 * member is added for one of them), and adding a member: an insurer the registry does not hold is
 * refused INSURER_NOT_IN_REGISTRY.
 */
import type { NewStaff, StaffListAnswer } from '@eid/domain';
import type { StaffActor, StaffService } from '../staff.service.js';
import { refuseConsole } from '../refusals.js';
import type { ConsolePorts } from './ports.js';

type Ports = Pick<ConsolePorts, 'registry' | 'staff'>;

export async function listStaffMembers(ports: Ports, actor: StaffActor): Promise<StaffListAnswer> {
  const staff = await ports.staff.list(actor);
  const insurers = (await ports.registry.listInsurers()).map((i) => ({ id: i.id, name: i.name }));
  return { staff, insurers };
}

export async function addStaffMember(ports: Ports, actor: StaffActor, input: NewStaff): ReturnType<StaffService['add']> {
  ports.staff.require(actor, 'manageStaff');
  if (input.insurerId !== null && input.insurerId !== undefined && !(await ports.registry.listInsurers()).some((i) => i.id === input.insurerId)) refuseConsole('INSURER_NOT_IN_REGISTRY');
  return ports.staff.add(actor, input);
}
