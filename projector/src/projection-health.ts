// The read models' health is read by every process that serves them (query-api's /healthz too): it lives in service-kit.
export * from '@civitas/service-kit/read-model-health';
