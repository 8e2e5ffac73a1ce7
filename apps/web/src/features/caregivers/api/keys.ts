/** Query keys of the caregivers feature: a mutation invalidates through them. */
export const caregiverKeys = {
  own: ["caregivers", "own"] as const,
  code: ["caregivers", "code"] as const,
};
