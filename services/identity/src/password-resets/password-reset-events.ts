// The facts of changing a password (identity.user.*: they are about the person, across
// workspaces). Data never holds the link's token or anything about the password.
export const PASSWORD_RESET_EVENTS = {
  changeRequested: 'identity.user.password_change_requested',
  changed: 'identity.user.password_changed',
} as const;

export interface PasswordChangeRequestedData {
  user_id: string;
  password_reset_id: string;
  expires_at: string;
}

export interface PasswordChangedData {
  user_id: string;
  name: string;
  email: string;
  password_reset_id: string;
  // Sessions of the person revoked with the change (0 unless sign_out_other_sessions).
  signed_out_sessions: number;
}
