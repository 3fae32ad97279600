/** Another energy than the one proposed, and, below the trainee's floor, the confirmation. */
export interface EditedApproval {
  energy_kcal: number;
  confirm_below_minimum?: true;
}

/** The size of the review's buttons, 44 px high. */
export const proposalButton = 'min-h-11 px-4 py-2';
