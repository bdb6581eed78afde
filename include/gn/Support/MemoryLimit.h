//===- MemoryLimit.h - bounded memory per process --------------*- C++ -*-===//
//
// gn-eval runs each sample in a child process with a memory limit: tensors
// (HostTensor) count against it as they are allocated, and the child's data
// segment is capped (RLIMIT_DATA) for everything else. Running out calls
// one handler, which never returns: gn-eval's records the sample as
// runtime_error, class "out of memory", with the bytes asked for.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_MEMORYLIMIT_H
#define GN_SUPPORT_MEMORYLIMIT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace mlir::gn {

/// Bytes of tensors the process may hold at once (0: no limit).
void setTensorMemoryLimit(int64_t bytes);
int64_t tensorMemoryLimit();

/// `what` ran out of memory asking for `requestedBytes` (0: unknown) while
/// `liveBytes` of tensors were held.
using OutOfMemoryHandler = void (*)(const char *what, size_t requestedBytes, int64_t liveBytes);
/// The default handler prints one line to stderr and exits with status 4.
void setOutOfMemoryHandler(OutOfMemoryHandler handler);
[[noreturn]] void outOfMemory(const char *what, size_t requestedBytes);

/// "8G", "512M", "64K" or plain bytes; -1 when malformed.
int64_t parseByteSize(const std::string &text);

} // namespace mlir::gn

#endif // GN_SUPPORT_MEMORYLIMIT_H
