import { workspaceGuard } from '@crm/service-host';

// Taken by every change that takes a seat (an invitation, joining, re-enabling a member) in its
// own transaction before it counts the seats (seats.ts).
export const seatGuard = workspaceGuard('SeatGuard', 'seat_guards');
