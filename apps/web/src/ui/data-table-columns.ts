import {
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
  type ColumnDef,
  type RowData,
} from '@tanstack/react-table';

/** Per-column presentation the DataTable understands. */
export type DataTableColumnMeta = {
  /** Hide the column on narrow screens so a phone shows the columns that matter. */
  hideBelow?: 'sm' | 'md' | 'lg';
  /** Numbers and money read best right-aligned. */
  align?: 'left' | 'right';
};

/** The TanStack Table features every DataTable registers: sorting only (pages come from the server). */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  columnMeta: {} as DataTableColumnMeta,
});

export type DataTableColumn<T extends RowData> = ColumnDef<typeof dataTableFeatures, T, any>;

/**
 * A typed column helper for a DataTable of `T`. A column's id is the PocketBase field it sorts by
 * (`accessor('created', …)` sorts with `sort=-created`); set `enableSorting: false` on the others.
 */
export function dataTableColumns<T extends RowData>() {
  return createColumnHelper<typeof dataTableFeatures, T>();
}
