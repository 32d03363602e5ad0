"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callApi } from "@/lib/browser/api-client";
import { calls } from "@/contract/browser-calls";
import { customerKeys } from "./customers";
import { refetchAfterWrite } from "./after-write";

/** Checks a CSV file for a business: nothing is imported yet. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async ({ businessId, file }: { businessId: string; file: File }) => {
      const form = new FormData();
      form.set("business_id", businessId);
      form.set("file", file);
      return (await callApi(calls.customerImportPreview, { body: form })).data;
    },
  });
}

/** Runs a previewed import as a job. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (importId: number) =>
      (await callApi(calls.customerImport, { body: { import_id: importId } })).data,
    onSuccess: (status) => client.setQueryData(["customer-import-status", status.import_id], status),
  });
}

/** The import's progress, asked again every second until it is done. */
export function useImportStatus(importId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ["customer-import-status", importId],
    queryFn: async () => {
      const status = (await callApi(calls.customerImportStatus, { query: { import_id: importId! } })).data;
      if (status.status === "done") await refetchAfterWrite(client, customerKeys.list);
      return status;
    },
    enabled: importId !== null,
    refetchInterval: (query) => (query.state.data?.status === "done" ? false : 1000),
  });
}
