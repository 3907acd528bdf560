export { FormInput, type FormInputProps } from './FormInput';
export { ConfirmItIsYou, confirmItIsYouReady, type ConfirmItIsYouProps } from './ConfirmItIsYou';
export { Spinner, PageLoader, type SpinnerProps } from './Spinner';
export { AppToasts, toastErrors, toastSuccess, toastPosition, TOAST_AUTO_CLOSE_MS, TOAST_LIMIT, TOAST_PHONE_QUERY } from './toasts';
export { useDocumentMeta, type DocumentMeta } from './useDocumentMeta';
export { ConfirmDialog, DialogFooter, type ConfirmDialogProps, type DialogFooterProps } from './ConfirmDialog';
export { StatusBadge, statusVariant } from './StatusBadge';
export { DomainsEditor, addDomain, withDraftDomain, normaliseDomain, MAX_DOMAINS, type DomainsEditorProps } from './DomainsEditor';
export { SummaryCard, type SummaryCardProps } from './SummaryCard';
export { useDebounce, SEARCH_DEBOUNCE_MS } from './useDebounce';
export { Pagination, pageItems, type PaginationProps, type PageItem } from './Pagination';
export { ButtonLabel, type ButtonLabelProps } from './ButtonLabel';
export { reportError, useErrorToast, useOnUnauthorized, UnauthorizedHandler } from './errorToast';
export {
  num,
  dash,
  ymd,
  fixed2,
  grouped,
  formatInr,
  rupees,
  tokens,
  serial,
  formatDate,
  formatTime,
  formatDateTime,
  mmss,
  countdownText,
} from './format';
export { SaleProgress, SaleStatusBadge, soldPercent, SALE_STATUS_TEXT, type SaleProgressProps } from './SaleProgress';
export { NotFound } from './NotFound';
export { SearchBox, FilterSelect, ListCard, ListPager, type SearchBoxProps, type FilterSelectProps, type FilterOption } from './ListChrome';
export { usePage, useUrlSearch, useListParams, PAGE_SIZES, type ListParamsDefaults } from './useListState';
export { LoginCard, LoginForm, BrandBanner, validateLogin, EMAIL_PATTERN, type LoginFormProps, type LoginErrors } from './Login';
export { useSessionActive } from './useSession';
export {
  ResponsiveTable,
  NO_DATA_TEXT,
  MISSING_CELL_TEXT,
  type Column,
  type SortDir,
  LoadError,
  ListPlaceholder,
  useMediaQuery,
  PHONE_QUERY,
  type ResponsiveColumn,
  type ResponsiveTableProps,
  type CardRole,
} from './ResponsiveTable';
export { ExportButton, DateRange, type ExportButtonProps, type DateRangeProps } from './ExportButton';
export { FileDropZone, UploadProgress, checkFile, type FileDropZoneProps, type FileRules } from './FileDropZone';
export { formatIst } from './format';
export { JsonDiff, type JsonDiffProps } from './JsonDiff';
export { diffRecords, showValue, type DiffRow, type DiffChange } from './jsonDiff';
export { OneTimeCodeInput, normaliseCode, checkCode, TOTP_DIGITS, type CodeKind, type OneTimeCodeInputProps } from './OneTimeCode';
export { CopyButton, copyText, type CopyButtonProps } from './CopyButton';
export { DocumentViewer, documentType, ZOOM_STEPS, type DocumentViewerProps, type ViewerDocument, type DocumentType } from './DocumentViewer';
export { KycStatusBadge, KYC_STATUS_TEXT, kycStatusVariant } from './KycStatusBadge';
export { SkipLink, MAIN_ID } from './SkipLink';
export { maskAadhaar } from './maskAadhaar';
export { useNow } from './useNow';
export { focusFirstInvalid, useFocusFirstInvalid } from './focusInvalid';
