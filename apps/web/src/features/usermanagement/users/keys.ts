/** Query keys of users; shared with roles, whose changes show in the users list. */
export const userKeys = {
  all: ['users'] as const,
};
