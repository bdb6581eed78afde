//===- DeviceTensor.h - a tensor in device memory the caller owns -*- C++ -*-===//
//
// What a framework hands gn to run on in place (a torch CUDA tensor's
// data_ptr()): an address in the device's memory and its size in bytes.
// The caller checks dtype and shape against the program's arguments; gn
// checks the sizes. MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_DEVICETENSOR_H
#define GN_SUPPORT_DEVICETENSOR_H

#include <cstddef>
#include <cstdint>

namespace mlir::gn {

struct DeviceTensor {
  uint64_t address = 0;
  size_t bytes = 0;
};

/// How a device program has bound the caller's tensors so far.
struct DeviceBinding {
  int inPlace = 0; // arguments read at the caller's address
  int copied = 0;  // arguments copied into the program's buffers each call
  int packed = 0;  // arguments copied into a pack when their address changes
  int loads = 0;   // times the program was loaded for the caller's tensors
};

} // namespace mlir::gn

#endif // GN_SUPPORT_DEVICETENSOR_H
