export function batchUrls(baseUrl: string, batchId: string) {
  return {
    status_url: `${baseUrl}/api/v1/batch/status/${batchId}`,
    results_url: `${baseUrl}/api/v1/batch/results/${batchId}`,
  };
}
