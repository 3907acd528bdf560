export { FormInput, type FormInputProps } from './FormInput';
export { DataTable, NO_DATA_TEXT, MISSING_CELL_TEXT, type Column, type DataTableProps } from './DataTable';
export { Spinner, PageLoader, type SpinnerProps } from './Spinner';
export { AppToasts, toastErrors, toastSuccess, TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from './toasts';
export { useDocumentMeta, type DocumentMeta } from './useDocumentMeta';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { StatusBadge, statusVariant } from './StatusBadge';
export { SummaryCard, type SummaryCardProps } from './SummaryCard';
export { useDebounce, SEARCH_DEBOUNCE_MS } from './useDebounce';
