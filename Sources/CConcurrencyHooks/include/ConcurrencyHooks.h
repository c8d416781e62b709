// Where the Swift concurrency runtime keeps the hooks a scheduler sets (RuntimeHooks.swift).
// Referenced here by name rather than looked up with dlsym: a binary that links the Swift runtime
// statically (`make release`) keeps them but exports none.
#ifndef MEDIATE_CONCURRENCY_HOOKS_H
#define MEDIATE_CONCURRENCY_HOOKS_H

/// The address of swift_task_enqueueGlobal_hook.
void *_Nonnull mediate_enqueueGlobalHook(void);
/// The address of swift_task_enqueueMainExecutor_hook.
void *_Nonnull mediate_enqueueMainExecutorHook(void);
/// The address of swift_task_getMainExecutor_hook.
void *_Nonnull mediate_getMainExecutorHook(void);

#endif
