// The business Lambda's entry: onboarding, dashboard, employees and cards (QR codes, wallet passes, uploads, leavers).
// It serves operations of the business, leavers, uploads and wallet areas, so it sits in an area above all of them.
import { createBusiness } from './create-business';
import { createEmployee } from '../business/create-employee';
import { generateCardQr } from '../business/generate-card-qr';
import { getDashboard } from '../business/get-dashboard';
import { createWalletPass } from '../wallet/create-wallet-pass';
import { createCard } from '../business/create-card';
import { deleteEmployee } from '../leavers/delete-employee';
import { getMyEmployee } from '../business/my-employee';
import { updateMyEmployee } from '../business/update-employee';
import { updateEmployeeOrLeave } from '../leavers/deactivate';
import { updateBusinessSettings } from '../business/update-business-settings';
import { confirmUpload } from '../uploads/confirm-upload';
import { startUpload } from '../uploads/start-upload';
import { raw } from '../http/http';
import { cardPageHeaders } from '../card-page/card-page';
import { previewCardDesign } from '../card-page/preview-card-design';
import { httpHandler } from '../http/http-handler';
import { businessRoutes } from '../../routes/business';
import { getMyScanAnalytics, getScanAnalytics } from '../business/get-scan-analytics';
import { exportEmployees } from '../business/export-employees';
import { importEmployees } from '../business/import-employees';
import { createDepartment, deleteDepartment, listDepartments, renameDepartment } from '../business/departments';

export const handler = httpHandler(businessRoutes, {
  createBusiness: async ({ caller, body }) => createBusiness(caller, body),
  getDashboard: async ({ caller, params, query }) => getDashboard(caller, params.businessId, query.cursor),
  previewCardDesign: async ({ caller, params, body }) =>
    raw({ headers: { ...cardPageHeaders, 'x-frame-options': 'DENY' }, body: await previewCardDesign(caller, params.businessId, body.design, body.employeeId) }),
  updateBusinessSettings: async ({ caller, params, body }) => updateBusinessSettings(caller, params.businessId, body),
  createUpload: async ({ caller, params, body }) => startUpload(caller, params.businessId, body),
  confirmUpload: async ({ caller, params }) => confirmUpload(caller, params.businessId, params.uploadId),
  importEmployees: async ({ caller, params, body }) => importEmployees(caller, params.businessId, body),
  exportEmployees: async ({ caller, params }) =>
    raw({
      headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="employees.csv"', 'cache-control': 'no-store' },
      body: await exportEmployees(caller, params.businessId),
    }),
  createEmployee: async ({ caller, params, body }) => createEmployee(caller, params.businessId, body),
  generateCardQr: async ({ caller, params }) => generateCardQr(caller, params.businessId, params.cardId),
  createWalletPass: async ({ caller, params }) => createWalletPass(caller, params.cardId),
  updateEmployee: async ({ caller, params, body }) => updateEmployeeOrLeave(caller, params.businessId, params.employeeId, body),
  deleteEmployee: async ({ caller, params }) => {
    await deleteEmployee(caller, params.businessId, params.employeeId);
    return raw({ status: 204, body: '' });
  },
  createCard: async ({ caller, params }) => createCard(caller, params.businessId, params.employeeId),
  getScanAnalytics: async ({ caller, params, query }) => getScanAnalytics(caller, params.businessId, query.days),
  getMyEmployee: async ({ caller }) => getMyEmployee(caller),
  getMyScanAnalytics: async ({ caller, query }) => getMyScanAnalytics(caller, query.days),
  updateMyEmployee: async ({ caller, body }) => updateMyEmployee(caller, body),
  listDepartments: async ({ caller, params }) => listDepartments(caller, params.businessId),
  createDepartment: async ({ caller, params, body }) => createDepartment(caller, params.businessId, body),
  renameDepartment: async ({ caller, params, body }) => renameDepartment(caller, params.businessId, params.departmentId, body),
  deleteDepartment: async ({ caller, params }) => {
    await deleteDepartment(caller, params.businessId, params.departmentId);
    return raw({ status: 204, body: '' });
  },
});
