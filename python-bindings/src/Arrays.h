//===- Arrays.h - gn's tensors as Python sees them ---------------*- C++ -*-===//
//
// The compiler extension gn._gn's view of tensors: host tensors to and from
// numpy without copies, device tensors as (address, bytes) pairs, a
// compiled program's signature and binding as dicts, and GnError.
//
//===----------------------------------------------------------------------===//
#ifndef GN_PYTHON_ARRAYS_H
#define GN_PYTHON_ARRAYS_H

#include "gn/Eval/Tolerance.h"
#include "gn/Support/DeviceTensor.h"
#include "gn/Support/HostTensor.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace gnpy {

namespace py = pybind11;
namespace interp = mlir::gn::interp;

/// gn.GnError: one Python class (gn/_runtime.py defines it; gn._gn raises
/// the same).
struct GnError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// numpy's name of a dtype (GraphNet's names are numpy's), bf16 travelling
/// as its uint16 bit patterns (numpy has no bf16).
inline std::string numpyName(interp::DType d) {
  return d == interp::DType::BF16 ? "uint16" : mlir::gn::eval::graphNetDtypeName(d);
}

/// A numpy array over `t`'s bytes, no copy: the array keeps the tensor's
/// buffer alive.
inline py::array toNumpy(const interp::HostTensor &t) {
  std::vector<py::ssize_t> shape(t.shape().begin(), t.shape().end());
  // Explicit C strides: pybind11 < 2.12 reads the element size from
  // numpy 1's dtype layout, which numpy 2 changed (its own strides would
  // come out 0).
  std::vector<py::ssize_t> strides(shape.size());
  py::ssize_t step = static_cast<py::ssize_t>(interp::sizeOf(t.dtype()));
  for (size_t i = shape.size(); i-- > 0;) {
    strides[i] = step;
    step *= shape[i];
  }
  auto *owner = new interp::HostTensor(t);
  py::capsule keep(owner, [](void *p) { delete static_cast<interp::HostTensor *>(p); });
  // An empty tensor has no buffer: numpy wants a pointer all the same.
  static uint8_t none = 0;
  void *data = owner->nbytes() ? static_cast<void *>(owner->bytes()) : &none;
  return py::array(py::dtype(numpyName(t.dtype())), shape, strides, data, keep);
}

inline std::string shapeText(const std::vector<int64_t> &shape) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < shape.size(); ++i)
    os << (i ? ", " : "") << shape[i];
  return os.str() + "]";
}

/// Argument `index` (of signature `sig`) from anything numpy.asarray or
/// DLPack takes, read in place: a view of the array's bytes (a C-contiguous
/// copy first where it is strided) that keeps the array alive as long as gn
/// holds it (a cached weight layout outlives the call); its release may
/// come on a thread without the GIL. gn never writes an argument, so a
/// read-only array is fine.
inline interp::HostTensor fromNumpy(py::handle obj, const interp::TensorSignature &sig,
                                    size_t index) {
  std::string what = "argument #" + std::to_string(index) +
                     (sig.name.empty() ? "" : " ('" + sig.name + "')");
  py::array a;
  if (!py::isinstance<py::array>(obj) && py::hasattr(obj, "__dlpack__")) {
    // A DLPack producer (a torch CPU tensor, ...): numpy views its memory.
    try {
      a = py::module_::import("numpy").attr("from_dlpack")(obj);
    } catch (py::error_already_set &e) {
      throw GnError(what + ": cannot read it through DLPack: " + std::string(e.what()));
    }
  } else {
    a = py::array::ensure(obj);
  }
  if (!a)
    throw GnError(what + " is not an array (numpy or anything numpy.asarray takes)");
  std::string want = numpyName(sig.dtype);
  if (!a.dtype().is(py::dtype(want)))
    throw GnError(what + ": expected " + want + ", got " + std::string(py::str(a.dtype())));
  std::vector<int64_t> shape(a.shape(), a.shape() + a.ndim());
  // -1: a symbolic dim, any size (the program binds the symbols and checks).
  bool fits = shape.size() == sig.shape.size();
  for (size_t d = 0; fits && d < shape.size(); ++d)
    fits = sig.shape[d] < 0 || shape[d] == sig.shape[d];
  if (!fits)
    throw GnError(what + ": expected shape " + shapeText(sig.shape) + ", got " +
                  shapeText(shape));
  py::array c = py::array::ensure(a, py::array::c_style);
  auto *keep = new py::object(c);
  auto *data = static_cast<uint8_t *>(const_cast<void *>(c.data()));
  std::shared_ptr<uint8_t> owner(data, [keep](uint8_t *) {
    py::gil_scoped_acquire gil;
    delete keep;
  });
  return interp::HostTensor::view(sig.dtype, shape, owner, owner.get());
}

/// The arguments of the calls so far: an argument that is the same Python
/// object as at the last call is read through the same view, not checked
/// and wrapped again (a model's weights, passed unchanged every call).
struct ArgumentViews {
  std::vector<py::object> objects;
  std::vector<interp::HostTensor> views;

  std::vector<interp::HostTensor> of(const std::vector<interp::TensorSignature> &sigs,
                                     const py::args &args) {
    if (args.size() != sigs.size())
      throw GnError("forward takes " + std::to_string(sigs.size()) + " arguments, got " +
                    std::to_string(args.size()));
    objects.resize(args.size());
    views.resize(args.size());
    for (size_t i = 0; i < args.size(); ++i)
      if (!objects[i] || !objects[i].is(args[i])) {
        views[i] = fromNumpy(args[i], sigs[i], i);
        objects[i] = py::reinterpret_borrow<py::object>(args[i]);
      }
    return views;
  }
};

inline std::vector<interp::HostTensor>
argumentsOf(const std::vector<interp::TensorSignature> &sigs, const py::args &args) {
  return ArgumentViews().of(sigs, args);
}

inline py::list toList(const std::vector<interp::HostTensor> &ts) {
  py::list l;
  for (const interp::HostTensor &t : ts)
    l.append(toNumpy(t));
  return l;
}

/// (address, bytes) pairs, as the Python layer passes device tensors.
inline std::vector<mlir::gn::DeviceTensor>
deviceTensors(const std::vector<std::pair<uint64_t, size_t>> &v) {
  std::vector<mlir::gn::DeviceTensor> out;
  for (auto [address, bytes] : v)
    out.push_back({address, bytes});
  return out;
}

/// A signature as a list of {name (arguments), shape, dtype (numpy's)}.
inline py::list signatureList(const std::vector<interp::TensorSignature> &sigs, bool names) {
  py::list out;
  for (const interp::TensorSignature &s : sigs) {
    py::dict d;
    if (names)
      d["name"] = s.name;
    d["shape"] = s.shape;
    d["dtype"] = numpyName(s.dtype);
    out.append(d);
  }
  return out;
}

inline py::dict bindingDict(const mlir::gn::DeviceBinding &b) {
  py::dict d;
  d["in_place"] = b.inPlace;
  d["copied"] = b.copied;
  d["packed"] = b.packed;
  d["loads"] = b.loads;
  return d;
}

/// Runs `f` without the GIL; raises GnError with its error when it fails.
template <typename F> void withoutGil(F &&f) {
  std::string error;
  bool ok;
  {
    py::gil_scoped_release release;
    ok = f(error);
  }
  if (!ok)
    throw GnError(error);
}

} // namespace gnpy

#endif // GN_PYTHON_ARRAYS_H
