// The columns of the employee CSV (issue 11 §1), on their own so the export's Lambda does not bundle the CSV reader.
/** The importable columns, as the template and the export name them, with the employee field each fills. */
export const employeeCsvColumns = [
  { header: 'Name', field: 'name' },
  { header: 'Email', field: 'email' },
  { header: 'Office Phone', field: 'officePhone' },
  { header: 'Mobile Phone', field: 'mobilePhone' },
  { header: 'Job Title', field: 'jobTitle' },
  { header: 'Department', field: 'department' },
  { header: 'LinkedIn', field: 'linkedinProfile' },
  { header: 'Status', field: 'status' },
] as const;
export type EmployeeCsvField = (typeof employeeCsvColumns)[number]['field'];
