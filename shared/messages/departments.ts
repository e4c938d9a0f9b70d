// Copy of Company Settings' Departments section and the department pickers, apart from shared/messages.ts so that only
// the bundles that show it carry it (the server's refusals use the same words).
export const departmentMessages = {
  title: 'Departments',
  description: 'Employees pick their department from this list. Renaming a department renames it on every profile and card at once.',
  nameLabel: 'Department name',
  nameRequired: 'Enter a department name',
  add: 'Add department',
  adding: 'Adding...',
  rename: (name: string) => `Rename ${name}`,
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  remove: (name: string) => `Delete ${name}`,
  employees: (count: number) => (count === 1 ? '1 employee' : `${count} employees`),
  none: 'No departments yet. Add one, or import employees with a Department column.',
  nameTaken: 'A department with this name already exists',
  notEmpty: 'Only a department without employees can be deleted. Move its employees to another department first.',
  unknown: 'Pick a department from the list',
  notFound: 'Department not found.',
  noDepartment: 'No department',
  /** The dashboard's filter. */
  filterLabel: 'Department',
  allDepartments: 'All departments',
  filterOption: (name: string, count: number) => `${name} (${count})`,
  loadFailed: 'Departments could not be loaded.',
} as const;
