#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (in the toolchain's libclang_rt.fuzzer, linked by `-sanitize=fuzzer`):
/// parses the libFuzzer flags in argv and calls `UserCb` for each input.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));

#endif
