// Onboarding, dashboard, employees, cards, uploads, QR codes, wallet passes and the employee portal: the `business` area's routes (functions/routes.ts combines every area's).
import { cardScanAnalyticsSchema, scanAnalyticsQuerySchema, scanAnalyticsSchema } from '../../shared/schemas/analytics';
import { cardDesignPreviewSchema } from '../../shared/schemas/card-design';
import { businessFormSchema, businessSchema, businessSettingsSchema } from '../../shared/schemas/business';
import { dashboardQuerySchema, dashboardSchema } from '../../shared/schemas/dashboard';
import { departmentInputSchema, departmentListSchema } from '../../shared/schemas/department';
import { cardSchema, employeeCreateSchema, employeeProfileSchema, employeeSchema, employeeUpdateSchema, myEmployeeSchema } from '../../shared/schemas/employee';
import { employeeImportRequestSchema, employeeImportResponseSchema } from '../../shared/schemas/employee-import';
import { uploadResultSchema, uploadStartSchema, uploadTicketSchema } from '../../shared/schemas/media';
import { walletPassSchema } from '../../shared/schemas/wallet';
import { defineRoutes } from './define';

export const businessRoutes = defineRoutes('business', {
  createBusiness: { method: 'POST', path: '/api/businesses', auth: 'user', throttle: 'strict', summary: 'Business onboarding: creates the caller’s business', body: businessFormSchema, response: businessSchema, creates: true },
  getDashboard: { method: 'GET', path: '/api/businesses/{businessId}/dashboard', auth: 'user', throttle: 'standard', summary: 'Business, employees with cards, stats (paginated by ?cursor=)', query: dashboardQuerySchema, response: dashboardSchema, scoped: true },
  previewCardDesign: { method: 'POST', path: '/api/businesses/{businessId}/card-design/preview', auth: 'user', throttle: 'standard', summary: 'Company Settings: the card page as a design (not yet saved) would serve it for one employee of the business (HTML, shown in a sandboxed frame)', body: cardDesignPreviewSchema, produces: 'text/html', scoped: true },
  updateBusinessSettings: { method: 'PUT', path: '/api/businesses/{businessId}', auth: 'user', throttle: 'standard', summary: 'Company Settings: information, billing, brand colours and logo; every card of the business follows', body: businessSettingsSchema, response: businessSchema, scoped: true },
  createUpload: { method: 'POST', path: '/api/businesses/{businessId}/uploads', auth: 'user', throttle: 'strict', summary: 'Starts a logo or photo upload: a presigned POST for one key, 5 MB at most', body: uploadStartSchema, response: uploadTicketSchema, scoped: true, creates: true },
  confirmUpload: { method: 'POST', path: '/api/businesses/{businessId}/uploads/{uploadId}/confirm', auth: 'user', throttle: 'strict', summary: 'Checks the uploaded bytes, stores metadata-free renditions and points the logo or photo at them', response: uploadResultSchema, scoped: true },
  createEmployee: { method: 'POST', path: '/api/businesses/{businessId}/employees', auth: 'user', throttle: 'standard', summary: 'Adds an employee with an active card and its QR code', body: employeeCreateSchema, response: employeeSchema, scoped: true, creates: true },
  generateCardQr: { method: 'POST', path: '/api/businesses/{businessId}/cards/{cardId}/qr', auth: 'user', throttle: 'standard', summary: 'Generates (or regenerates) a card’s QR code (managers and the card’s own employee)', response: cardSchema, scoped: true },
  // Issue 8: the employee lifecycle.
  updateEmployee: { method: 'PUT', path: '/api/businesses/{businessId}/employees/{employeeId}', auth: 'user', throttle: 'standard', summary: 'Employee Profile dialog save: profile, photo, role and status; the card follows the status', body: employeeUpdateSchema, response: employeeSchema, scoped: true },
  deleteEmployee: { method: 'DELETE', path: '/api/businesses/{businessId}/employees/{employeeId}', auth: 'user', throttle: 'standard', summary: 'Deletes an inactive, non-owner employee with their card, counters, membership and media (204)', scoped: true },
  createCard: { method: 'POST', path: '/api/businesses/{businessId}/employees/{employeeId}/card', auth: 'user', throttle: 'standard', summary: 'Create Business Card: a card and its QR code for an employee without one', response: employeeSchema, scoped: true, creates: true },
  getMyEmployee: { method: 'GET', path: '/api/me/employee', auth: 'user', throttle: 'standard', summary: 'Employee portal: the caller’s own employee record, card and business look (404 when not linked)', response: myEmployeeSchema },
  updateMyEmployee: { method: 'PUT', path: '/api/me/employee', auth: 'user', throttle: 'standard', summary: 'The employee saves their own profile and photo (not role or status)', body: employeeProfileSchema, response: employeeSchema },
  getScanAnalytics: { method: 'GET', path: '/api/businesses/{businessId}/analytics', auth: 'user', throttle: 'standard', summary: 'Scans per day over the last 7, 30 or 90 days, by source and device, and the top cards (two Queries of the per-day counters)', query: scanAnalyticsQuerySchema, response: scanAnalyticsSchema, scoped: true },
  getMyScanAnalytics: { method: 'GET', path: '/api/me/analytics', auth: 'user', throttle: 'standard', summary: 'Employee portal: scans of the caller’s own card over 7, 30 or 90 days, by source and device (404 when not linked)', query: scanAnalyticsQuerySchema, response: cardScanAnalyticsSchema },
  // Issue 11 §1: import and export.
  importEmployees: { method: 'POST', path: '/api/businesses/{businessId}/employee-imports', auth: 'user', throttle: 'standard', summary: 'Imports up to 240 CSV rows: each validated, created with its card (24 per transaction), updated or skipped; dryRun previews', body: employeeImportRequestSchema, response: employeeImportResponseSchema, scoped: true },
  exportEmployees: { method: 'GET', path: '/api/businesses/{businessId}/employee-export', auth: 'user', throttle: 'standard', summary: 'Every employee as CSV (the import columns plus card URL and scans)', produces: 'text/csv', scoped: true },
  // Departments as records of the business: Company Settings' list, the dashboard's filter and the employee forms' choices.
  listDepartments: { method: 'GET', path: '/api/businesses/{businessId}/departments', auth: 'user', throttle: 'standard', summary: 'The business’s departments by name, each with its number of employees (and how many have none)', response: departmentListSchema, scoped: true },
  createDepartment: { method: 'POST', path: '/api/businesses/{businessId}/departments', auth: 'user', throttle: 'standard', summary: 'Company Settings: adds a department (409 when the business has the name already, case ignored); answers the list', body: departmentInputSchema, response: departmentListSchema, scoped: true, creates: true },
  renameDepartment: { method: 'PUT', path: '/api/businesses/{businessId}/departments/{departmentId}', auth: 'user', throttle: 'standard', summary: 'Company Settings: renames a department; every employee, card and leaver default naming it follows (a repeat finishes a rename cut short); answers the list', body: departmentInputSchema, response: departmentListSchema, scoped: true },
  deleteDepartment: { method: 'DELETE', path: '/api/businesses/{businessId}/departments/{departmentId}', auth: 'user', throttle: 'standard', summary: 'Company Settings: deletes a department without employees (409 while anyone is in it; 204)', scoped: true },
  createWalletPass: { method: 'POST', path: '/api/cards/{cardId}/wallet-pass', auth: 'user', throttle: 'standard', summary: 'Add to Google Wallet: a signed save link for the card (503 when not configured)', response: walletPassSchema, scoped: true },
});
