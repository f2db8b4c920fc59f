/** Where the bundling screens live (menu: WMS › Bundling). */
export const TASK_LIST_PATH = '/warehouse/fmcg/task-list';
export const MY_TASKS_PATH = '/warehouse/fmcg/my-task-list';

/** One task's detail, opened from the task list or from My Tasks. */
export const taskUrl = (id: string) => `${TASK_LIST_PATH}/${encodeURIComponent(id)}`;

/** Where a task's detail goes back to: the list it was opened from, with its filters. */
export interface BackState {
  backTo?: string;
}

/** A quantity as the contract takes it: up to 12 digits and 4 places, above zero. */
export const QUANTITY_PATTERN = /^\d{1,12}(\.\d{1,4})?$/;
export const isWholeNumber = (text: string) => /^\d+(\.0*)?$/.test(text);
export const isAboveZero = (text: string) => /[1-9]/.test(text);
