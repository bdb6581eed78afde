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

} // namespace mlir::gn

#endif // GN_SUPPORT_DEVICETENSOR_H
