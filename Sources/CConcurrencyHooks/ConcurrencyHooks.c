#include "ConcurrencyHooks.h"

// Declared by libswift_Concurrency as pointers to functions; only their addresses are used here.
extern void *swift_task_enqueueGlobal_hook;
extern void *swift_task_enqueueMainExecutor_hook;
extern void *swift_task_getMainExecutor_hook;

void *mediate_enqueueGlobalHook(void) { return &swift_task_enqueueGlobal_hook; }
void *mediate_enqueueMainExecutorHook(void) { return &swift_task_enqueueMainExecutor_hook; }
void *mediate_getMainExecutorHook(void) { return &swift_task_getMainExecutor_hook; }
