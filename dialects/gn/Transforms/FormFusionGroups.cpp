//===- FormFusionGroups.cpp - group ops into gn.fusion regions ----------===//
//
// Analysis: walk the function in order and put each fusible op into a group.
//  - An elementwise op joins the group of one of its operands' producers
//    when that group maps over the same shape and is still open, and joining
//    creates no cycle (no other operand depends on the group through ops
//    outside it). Otherwise it starts a group. With merge-groups, the other
//    open groups over that shape it reads then merge into its group where
//    that creates no cycle (a batch norm's scale and shift, computed from
//    four parameter vectors: one kernel instead of four). With
//    absorb-broadcast-producers, a small elementwise group over a shape
//    that broadcasts to the op's, which only the op reads, joins the op's
//    group too: its values are recomputed at every point of the larger
//    domain instead of stored (the kernel is one generic over the domain;
//    a member's scalar computation does not care about its shape).
//  - Views (transpose, slice, broadcast_to; roll and flip with
//    absorb-wrapped-views) of a group input that feed one elementwise op
//    join its group: the kernel reads through them; so does a scatter's
//    broadcast index join the scatter's copy group. Other views are
//    kernels of their own; concat / insert_slice / constant pad are copy
//    kernels.
//  - A reduction joins the elementwise group producing its input when no
//    value of that group is used elsewhere (the group then computes only the
//    reduction: one pass over memory) and closes it. Otherwise it starts a
//    closed group of its own.
//  - With row-groups, after the above: a reduction over rows of at most
//    kRowMaxLength elements (keepdim) gathers the groups around it that
//    map over its input's shape or over its rows (its result's shape), and
//    the other reductions over the same rows, producers and consumers alike,
//    where no cycle results: one `row` group, one kernel per layer norm or
//    softmax (see OutlineKernels' row stages).
//  - With merge-siblings, last: an elementwise group merges into the next
//    one over the same shape that does not depend on it (attention's q, k
//    and v bias kernels: one launch), when no op in between reads it and
//    the inputs it alone reads are no larger than its results (its inputs
//    then live on in place of its results: the peak does not grow, give or
//    take a parameter vector).
// Rewrite: each group becomes one gn.fusion; splat constants are cloned in;
// values used outside are yielded. The block is re-sorted topologically at
// the end (sortStably), since a group sits where its last op was.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/SymbolicDims.h"
#include "gn/Support/PassTrace.h"
#include "gn/Transforms/FusionUtils.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>
#include <queue>

namespace mlir::gn {
#define GEN_PASS_DEF_GNFORMFUSIONGROUPSPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-form-fusion-groups"
GN_STATISTIC(numGroups, "fusion groups formed");
GN_STATISTIC(numOpsGrouped, "ops placed in fusion groups");
GN_STATISTIC(numReductionGroups, "groups that reduce");
GN_STATISTIC(numRowGroups, "row groups (reductions over rows and what maps around them)");
GN_STATISTIC(numCopyGroups, "copy groups (a copy kernel and its epilogue)");

namespace {

struct Group {
  bool reduction = false;
  bool copy = false;
  // A copy group that elementwise ops over its domain join (a depthwise
  // convolution's batch norm and activation): one kernel computes the
  // convolution at each point and carries it through them.
  bool epilogue = false;
  bool closed = false;
  bool row = false; // reductions over domain's rows and what maps around them
  llvm::SmallVector<int64_t, 4> rowDims; // of a row group: the reduced dims
  llvm::SmallVector<int64_t, 4> domain; // shape every op maps over
  // Of a row group: the domain's dims as expressions (a symbolic module's
  // rows must agree at every binding, not just the example's).
  llvm::SmallVector<SymExpr, 4> rowDomainExprs;
  llvm::SmallVector<Operation *> ops;   // in program order
  llvm::DenseSet<Operation *> members;
  int64_t firstPos = 0;
};

class GroupFormer {
public:
  GroupFormer(Block &block, unsigned maxOps, bool fuseReductions, bool attentionKernels,
              bool depthwiseKernels, bool rankKernels, bool windowGroups, bool mergeGroups,
              bool absorbBroadcastProducers, bool rowGroups, bool mergeSiblings,
              bool absorbWrappedViews)
      : block(block), maxOps(maxOps), fuseReductions(fuseReductions),
        attentionKernels(attentionKernels), depthwiseKernels(depthwiseKernels),
        rankKernels(rankKernels),
        windowGroups(windowGroups),
        mergeGroups(mergeGroups),
        absorbBroadcastProducers(absorbBroadcastProducers), rowGroups(rowGroups),
        mergeSiblings(mergeSiblings), absorbWrappedViews(absorbWrappedViews),
        symbolic(inSymbolicModule(block.getParentOp())) {
    int64_t i = 0;
    for (Operation &op : block)
      position[&op] = i++;
  }

  void run() {
    for (Operation &op : block) {
      if (isFusibleElementwise(&op))
        placeElementwise(&op);
      else if (isFusibleReduction(&op))
        placeReduction(&op);
      else if (isCopyKernelOp(&op) && (attentionKernels || !isa<AttentionOp>(op)) &&
               (depthwiseKernels || !isa<ConvOp>(op)) && (rankKernels || !isa<TopKOp, NonzeroOp, SizeGuardOp, CheckOp>(op)))
        startCopyGroup(&op);
    }
    // Views no group absorbed become copy kernels of their own; a view of a
    // splat is materialized as a constant, unless its size follows the shape
    // symbols (arange(n)'s ones broadcast to [s1]: no runtime took it).
    for (Operation &op : block)
      if (isKernelView(&op) && !groupOfOp.count(&op) &&
          (!readsSplat(&op) || hasSymbolicDims(op.getResult(0).getType())) &&
          !readAsAlias(&op))
        startGroup(&op, llvm::cast<RankedTensorType>(op.getResult(0).getType()).getShape(),
                   /*reduction=*/false).closed = true;
    if (rowGroups)
      formRowGroups();
    if (mergeSiblings)
      mergeSiblingGroups();
  }

  std::vector<std::unique_ptr<Group>> groups;

private:
  Group *groupOf(Value v) {
    Operation *def = v.getDefiningOp();
    return def ? groupOfOp.lookup(def) : nullptr;
  }

  /// True when `op` transitively uses a member of `g` through ops outside g.
  /// Groups count as one node each: reaching a member of another group h
  /// also reaches everything every member of h reads (h becomes one op).
  /// With `exact`, no op is skipped for its position (and after `budget`
  /// ops visited the answer is yes): the pruning below assumes a group runs
  /// no later than the ops that read it, which merging groups from far
  /// apart (siblings) can break.
  bool dependsOn(Operation *op, Group &g, bool exact = false, int64_t budget = 20000) {
    llvm::SmallVector<Operation *> work{op};
    llvm::DenseSet<Operation *> seen;
    llvm::DenseSet<Group *> seenGroups;
    while (!work.empty()) {
      Operation *cur = work.pop_back_val();
      if (!seen.insert(cur).second)
        continue;
      if (g.members.contains(cur) || (exact && --budget < 0))
        return true;
      Group *h = groupOfOp.lookup(cur);
      // Nothing before g's first op can read g (a group: before its last).
      if (!exact && (h ? position[h->ops.back()] : position[cur]) < g.firstPos)
        continue;
      auto visitOperands = [&](Operation *o) {
        for (Value v : o->getOperands())
          if (Operation *d = v.getDefiningOp())
            work.push_back(d);
      };
      if (h && seenGroups.insert(h).second) {
        for (Operation *m : h->ops)
          visitOperands(m);
      } else if (!h) {
        visitOperands(cur);
      }
    }
    return false;
  }

  bool canJoin(Operation *op, Group &g) {
    if (g.closed || g.ops.size() >= maxOps)
      return false;
    int64_t gLast = position[g.ops.back()];
    for (Value v : op->getOperands()) {
      Operation *d = v.getDefiningOp();
      if (!d || g.members.contains(d) || isSplatConstant(d))
        continue;
      if (dependsOn(d, g))
        return false;
      // The group runs at its last op: joining an op that waits for a value
      // computed after the group would keep the inputs only the group reads
      // alive across that computation (band partial sums combined as they
      // come would all be live at once). A view computes nothing: it is
      // ready when its source is (gate and up sliced from one grouped
      // GEMM, the gate's activation times the up: one kernel).
      // So is a reshape (the runtime reads it as an alias): a batch norm's
      // parameter reshaped to [C, 1] after a convolution.
      Operation *ready = d;
      while (computesNothing(ready))
        if (Operation *src = ready->getOperand(0).getDefiningOp())
          ready = src;
        else
          break;
      if (computesNothing(ready))
        continue; // a view of an argument: ready from the start
      if (position[ready] > gLast && hasDyingInput(g))
        return false;
    }
    return true;
  }

  /// `o` computes nothing: a reshape (the runtime reads it as an alias) or
  /// a kernel view outside every group.
  bool computesNothing(Operation *o) {
    return isa<ReshapeOp>(o) || (isKernelView(o) && !groupOfOp.count(o));
  }

  /// Some input of `g` (an op result) of more than `minBytes` is read by
  /// members of g only.
  bool hasDyingInput(Group &g, int64_t minBytes = -1) {
    for (Operation *m : g.ops)
      for (Value v : m->getOperands()) {
        Operation *d = v.getDefiningOp();
        if (d && !g.members.contains(d) && !isSplatConstant(d) &&
            tensorBytes(v.getType()) > minBytes &&
            llvm::all_of(v.getUsers(), [&](Operation *u) { return g.members.contains(u); }))
          return true;
      }
    return false;
  }

  /// Adds `op` to `g`, keeping g's ops in program order (they are cloned in
  /// that order).
  void add(Operation *op, Group &g) {
    g.ops.push_back(op);
    g.members.insert(op);
    groupOfOp[op] = &g;
    llvm::stable_sort(g.ops, [&](Operation *a, Operation *b) { return position[a] < position[b]; });
    g.firstPos = position[g.ops.front()];
  }

  Group &startGroup(Operation *op, llvm::ArrayRef<int64_t> domain, bool reduction) {
    groups.push_back(std::make_unique<Group>());
    Group &g = *groups.back();
    g.domain.assign(domain.begin(), domain.end());
    g.reduction = g.closed = reduction;
    g.closed |= isCopyKernelOp(op);
    g.firstPos = position[op];
    add(op, g);
    return g;
  }

  void startCopyGroup(Operation *op) {
    Group &g = startGroup(op, llvm::cast<RankedTensorType>(op->getResult(0).getType()).getShape(),
                          /*reduction=*/false);
    g.copy = true;
    if (isa<ConvOp>(op) || (windowGroups && isWindowKernelOp(op))) {
      g.epilogue = true, g.closed = false;
      absorbPrologue(op, g);
    }
    if (auto scatter = llvm::dyn_cast<ScatterOp>(op))
      absorbScatterIndexBroadcast(scatter, g);
  }

  /// The elementwise group computing a window kernel's input alone
  /// (MobileNet's batch norm and ReLU6 after the expanding 1x1
  /// convolution, before the depthwise one; ResNet's before its max
  /// pooling) joins the window op's group: its kernel computes that input
  /// at each tap it reads instead of reading it stored, so the activation
  /// is never written. Each tap recomputes the group: at most kAbsorbOps
  /// ops, no views (read through maps of their own), and at most
  /// kPrologueTaps taps; every value of it is read by it or the window op
  /// only.
  void absorbPrologue(Operation *op, Group &g) {
    Value input = op->getOperand(0);
    Group *h = groupOf(input);
    int64_t taps = 0;
    if (!h || !isWindowKernelOp(op, &taps) || h->reduction || h->copy || h->row || h->closed ||
        h->ops.size() > kAbsorbOps || taps > kPrologueTaps ||
        llvm::ArrayRef(h->domain) != llvm::cast<RankedTensorType>(input.getType()).getShape())
      return;
    for (Operation *m : h->ops) {
      if (isKernelView(m))
        return;
      for (Operation *user : m->getUsers())
        if (!h->members.contains(user) && user != op)
          return;
    }
    // The op's other operands (a weight, a bias) are arguments or computed
    // before h's last op: h joins the group, which runs at the op.
    merge(*h, g);
  }

  /// A scatter's index broadcast along the dims it does not scatter (a row
  /// index expanded over features, as torch_geometric writes index_add) is
  /// read through the broadcast instead of stored: an i64 of the source's
  /// shape. A broadcast other ops read too is cloned for this scatter.
  void absorbScatterIndexBroadcast(ScatterOp scatter, Group &g) {
    BroadcastToOp view = scatterIndexView(scatter);
    if (!view || groupOfOp.count(view))
      return;
    Operation *own = view;
    if (!view->hasOneUse()) {
      OpBuilder b(scatter);
      own = b.clone(*view);
      position[own] = position[view];
      scatter.getIndexMutable().assign(own->getResult(0));
    }
    add(own, g);
  }

  void placeElementwise(Operation *op) {
    auto shape = llvm::cast<RankedTensorType>(op->getResult(0).getType()).getShape();
    auto open = [&](Group *g) {
      return g && !g->reduction && !g->copy && !g->closed && llvm::ArrayRef(g->domain) == shape;
    };
    Group *joined = nullptr;
    // After a depthwise convolution first: its kernel computes each point
    // of the convolution and carries it through the op, so the
    // convolution's output need not be stored. The op's views stay kernels
    // of their own (the convolution's kernel reads only its inputs).
    for (Value v : op->getOperands()) {
      Group *g = groupOf(v);
      if (g && g->epilogue && llvm::ArrayRef(g->domain) == shape && !readsView(op) &&
          canJoin(op, *g)) {
        add(op, *g);
        joined = g;
        break;
      }
    }
    for (Value v : op->getOperands()) {
      if (joined)
        break;
      Group *g = groupOf(v);
      if (open(g) && canJoin(op, *g)) {
        absorbViews(op, *g);
        add(op, *g);
        joined = g;
        break;
      }
    }
    if (!joined) {
      joined = &startGroup(op, shape, /*reduction=*/false);
      absorbViews(op, *joined);
    } else if (mergeGroups && !joined->epilogue) {
      for (Value w : op->getOperands())
        if (Group *h = groupOf(w); open(h) && h != joined && canMerge(*h, *joined))
          merge(*h, *joined);
    }
    if (absorbBroadcastProducers)
      for (Value w : op->getOperands())
        if (Group *h = groupOf(w); h && h != joined && absorbable(*h, *joined) && canMerge(*h, *joined))
          merge(*h, *joined);
  }

  /// Whether `op` reads a view no group holds yet (an elementwise group
  /// would absorb it and read through it).
  bool readsView(Operation *op) {
    return llvm::any_of(op->getOperands(), [&](Value v) {
      Operation *d = v.getDefiningOp();
      return d && isKernelView(d) && !groupOfOp.count(d);
    });
  }

  /// A group `g` may recompute at each of its points: elementwise, no
  /// views (they read through maps of their own domain), at most
  /// kAbsorbOps ops, over a shape that broadcasts to g's domain
  /// (right-aligned, each dim equal or 1) but is not it, and read by g's
  /// ops alone (a batch norm's scale and shift: once both readers joined).
  bool absorbable(Group &h, Group &g) {
    if (h.reduction || h.copy || h.ops.size() > kAbsorbOps)
      return false;
    llvm::ArrayRef<int64_t> shape = g.domain;
    if (h.domain.size() > shape.size() || llvm::ArrayRef(h.domain) == shape)
      return false;
    int64_t offset = shape.size() - h.domain.size();
    for (auto [i, n] : llvm::enumerate(h.domain))
      if (n != 1 && n != shape[offset + i])
        return false;
    if (symbolic) {
      // Sizes equal at the example may differ at another binding: h's
      // domain must be static, each dim 1 or g's dim as an expression too
      // (a batch norm's per-channel scale over [s0, C, H, W]).
      auto hx = domainExprsOf(h), gx = domainExprsOf(g);
      if (!hx || !gx)
        return false;
      for (auto [i, e] : llvm::enumerate(*hx))
        if (!e.isConstant() || (h.domain[i] != 1 && !(e == (*gx)[offset + i])))
          return false;
    }
    for (Operation *m : h.ops) {
      if (isKernelView(m))
        return false;
      for (Operation *user : m->getUsers())
        if (!h.members.contains(user) && !g.members.contains(user))
          return false;
    }
    return true;
  }

  /// Whether `h` can merge into `g` (which now holds an op reading h):
  /// within max-ops, no view in one of a value the other computes (a kernel
  /// reads views of its inputs only: q * cos + roll(q) * sin, q computed
  /// by a kernel of its own), no cycle through ops outside both (an input
  /// of one that depends on the other), and no input only h reads larger
  /// than kMergeDyingBytes, whose life the merge would stretch to g's last
  /// op.
  bool canMerge(Group &h, Group &g) {
    if (g.ops.size() + h.ops.size() > maxOps || viewOfMember(h, g) || viewOfMember(g, h))
      return false;
    return !dependsAcross(h, g) && !dependsAcross(g, h) && !hasDyingInput(h, kMergeDyingBytes);
  }

  /// Some input of `from` (an op result outside it and `on`) depends on
  /// `on`: merging the two would make a cycle.
  bool dependsAcross(Group &from, Group &on, bool exact = false) {
    for (Operation *m : from.ops)
      for (Value v : m->getOperands()) {
        Operation *d = v.getDefiningOp();
        if (d && !from.members.contains(d) && !on.members.contains(d) && !isSplatConstant(d) &&
            dependsOn(d, on, exact))
          return true;
      }
    return false;
  }

  /// Moves every op of `h` into `g` and drops h.
  void merge(Group &h, Group &g) {
    for (Operation *m : h.ops)
      add(m, g);
    llvm::erase_if(groups, [&](const std::unique_ptr<Group> &x) { return x.get() == &h; });
  }

  /// A contiguous slice the runtime reads as a view of its input (no copy),
  /// unless that would keep a much larger input alive past its other reads:
  /// then it is copied (alone, or inside its consumer's group).
  bool readAsAlias(Operation *view) {
    if (!contiguousSliceOffset(view))
      return false;
    Value src = view->getOperand(0);
    Operation *def = src.getDefiningOp();
    if (!def || isa<ConstantOp>(def))
      return true;
    auto lastUse = [&](Value v, Operation *except) {
      int64_t last = -1;
      for (Operation *user : v.getUsers())
        if (user != except)
          last = std::max(last, position.lookup(block.findAncestorOpInBlock(*user)));
      return last;
    };
    // Slices that are all of src's reads and cover most of it, the last
    // read within 16 ops of src's others (q, k and v cut from one product
    // and read by one attention): copies would hold about as many bytes as
    // src, for about as long. (Not when read far apart: a convolution's
    // two halves would keep the whole output alive, apple_mobilevit-xx-
    // small's arena 2.3 -> 5.2 MB.)
    int64_t sliced = 0;
    bool onlySlices = true;
    for (Operation *user : src.getUsers()) {
      if (contiguousSliceOffset(user))
        sliced += tensorBytes(user->getResult(0).getType());
      else
        onlySlices = false;
    }
    int64_t others = lastUse(src, view), mine = lastUse(view->getResult(0), nullptr);
    return others >= mine ||
           2 * tensorBytes(view->getResult(0).getType()) >= tensorBytes(src.getType()) ||
           (onlySlices && 2 * sliced >= tensorBytes(src.getType()) && mine - others <= 16);
  }

  static bool readsSplat(Operation *view) {
    Operation *src = view->getOperand(0).getDefiningOp();
    return src && isSplatConstant(src);
  }

  /// Reads of `op` through a view of a group input (x.t() + y) become part
  /// of the group: the kernel reads the view's source through a map.
  void absorbViews(Operation *op, Group &g) {
    for (Value v : op->getOperands()) {
      Operation *view = v.getDefiningOp();
      if (!view || !isKernelView(view) || groupOfOp.count(view) || !view->hasOneUse() ||
          readAsAlias(view) || (!absorbWrappedViews && isa<RollOp, FlipOp>(view)))
        continue;
      Operation *src = view->getOperand(0).getDefiningOp();
      if (readsSplat(view) || (src && g.members.contains(src)))
        continue; // a view of a value computed in the group: not a read
      // A transpose or broadcast of a slice (a head of q, k or v cut from
      // one projection): the kernel reads a strided subview through a map.
      if (auto slice = llvm::dyn_cast_if_present<SliceOp>(src);
          slice && !isa<SliceOp>(view) && isKernelView(slice) && !groupOfOp.count(slice) &&
          slice->hasOneUse() && !readsSplat(slice)) {
        Operation *base = slice.getInput().getDefiningOp();
        if (base && g.members.contains(base))
          continue;
        add(slice, g);
      }
      add(view, g);
    }
  }

  void placeReduction(Operation *op) {
    Value input = op->getOperand(0);
    auto shape = llvm::cast<RankedTensorType>(input.getType()).getShape();
    Group *g = groupOf(input);
    if (fuseReductions && g && !g->reduction && !g->copy && llvm::ArrayRef(g->domain) == shape &&
        canJoin(op, *g) && onlyUsedBy(*g, op) && inputsSpanDomain(*g)) {
      add(op, *g);
      g->reduction = g->closed = true;
      return;
    }
    startGroup(op, shape, /*reduction=*/true);
  }

  /// Whether every loop of g's domain (of size > 1) is a dim of some value
  /// the group reads from outside. A fused reduction has no output along
  /// its reduced loops, so a kernel whose inputs are all broadcast along
  /// one (x[1, 1] - zeros[4, 1], the zeros folded to a scalar) would leave
  /// that loop's extent unknown; such a reduction reads a materialized
  /// input instead.
  bool inputsSpanDomain(Group &g) {
    int64_t rank = g.domain.size();
    llvm::SmallVector<bool> seen(rank, false);
    for (Operation *member : g.ops)
      for (Value v : member->getOperands()) {
        Operation *def = v.getDefiningOp();
        if ((def && g.members.contains(def)) || (def && isSplatConstant(def)))
          continue;
        auto shape = llvm::cast<RankedTensorType>(v.getType()).getShape();
        llvm::SmallVector<int64_t> wrapped; // dims read through a mod or negated
        if (isKernelView(member)) { // the view's result is what the kernel reads
          Operation *read = member;
          Operation *user = member->hasOneUse() ? *member->user_begin() : nullptr;
          if (isa<SliceOp>(member) && user && g.members.contains(user) && isKernelView(user) &&
              !isa<SliceOp>(user))
            read = user; // a slice read through a transpose, broadcast, roll or flip
          shape = llvm::cast<RankedTensorType>(read->getResult(0).getType()).getShape();
          // A roll or a flip gives no loop extent along its dims.
          if (auto roll = llvm::dyn_cast<RollOp>(read))
            wrapped.assign(roll.getDims().begin(), roll.getDims().end());
          if (auto flip = llvm::dyn_cast<FlipOp>(read))
            wrapped.assign(flip.getDims().begin(), flip.getDims().end());
        }
        int64_t off = rank - (int64_t)shape.size();
        for (int64_t i = 0; i < (int64_t)shape.size(); ++i)
          if (i + off >= 0 && shape[i] == g.domain[i + off] && !llvm::is_contained(wrapped, i))
            seen[i + off] = true;
      }
    for (int64_t i = 0; i < rank; ++i)
      if (!seen[i] && g.domain[i] != 1)
        return false;
    return true;
  }

  /// No member of `g` has a user outside g other than `op`.
  bool onlyUsedBy(Group &g, Operation *op) {
    for (Operation *m : g.ops)
      for (Operation *user : m->getUsers())
        if (user != op && !g.members.contains(user))
          return false;
    return true;
  }

  /// The rows a reduction group reduces: its reduction's input shape and
  /// reduced dims, when it keeps them (as 1s) and its rows are short enough
  /// for one block.
  struct Rows {
    llvm::SmallVector<int64_t, 4> domain;
    llvm::SmallVector<int64_t, 4> rowShape; // domain with reduced dims 1
    llvm::SmallVector<int64_t, 4> dims;
    // The same as expressions: sizes equal at the example may differ at
    // another binding of a symbolic module's symbols.
    llvm::SmallVector<SymExpr, 4> domainExprs, rowShapeExprs;
    bool operator==(const Rows &o) const {
      return domain == o.domain && dims == o.dims && domainExprs == o.domainExprs;
    }
  };
  /// The dims of the domain a non-row group maps over, as expressions: its
  /// last op's result's (every op of such a group has the domain's shape).
  static std::optional<llvm::SmallVector<SymExpr, 4>> domainExprsOf(Group &g) {
    Operation *last = g.ops.back();
    if (last->getNumResults() == 0)
      return std::nullopt;
    auto t = llvm::dyn_cast<RankedTensorType>(last->getResult(0).getType());
    if (!t || t.getShape() != llvm::ArrayRef(g.domain))
      return std::nullopt;
    llvm::SmallVector<SymExpr> e = dimExprs(t);
    return llvm::SmallVector<SymExpr, 4>(e.begin(), e.end());
  }
  static std::optional<Rows> rowsOf(Group &g) {
    if (!g.reduction || hasBroadcastView(g))
      return std::nullopt;
    Operation *r = g.ops.back();
    auto keep = r->getAttrOfType<BoolAttr>("keepdim");
    if (!isReductionOp(r) || !keep || !keep.getValue())
      return std::nullopt;
    Rows rows;
    auto inputType = llvm::cast<RankedTensorType>(r->getOperand(0).getType());
    auto shape = inputType.getShape();
    rows.domain.assign(shape.begin(), shape.end());
    rows.rowShape = rows.domain;
    llvm::SmallVector<SymExpr> exprs = dimExprs(inputType);
    rows.domainExprs.assign(exprs.begin(), exprs.end());
    rows.rowShapeExprs = rows.domainExprs;
    llvm::ArrayRef<int64_t> dims = llvm::cast<DenseI64ArrayAttr>(r->getAttr("dims")).asArrayRef();
    rows.dims.assign(dims.begin(), dims.end());
    llvm::sort(rows.dims);
    int64_t length = 1;
    for (int64_t d : rows.dims) {
      length *= rows.domain[d];
      rows.rowShape[d] = 1;
      rows.rowShapeExprs[d] = SymExpr::constant(1);
    }
    if (length > kRowMaxLength || length <= 1 || rows.dims.empty())
      return std::nullopt;
    // A row kernel's mean divides by a static count (gn-outline-kernels
    // refuses one over a symbolic dim): such a mean stays a reduction.
    if (isa<ReduceMeanOp>(r) &&
        llvm::any_of(rows.dims, [&](int64_t d) { return !rows.domainExprs[d].isConstant(); }))
      return std::nullopt;
    return rows;
  }

  /// Each reduction group over short rows gathers what maps around it
  /// (see the file comment). A seed that gathers nothing stays as it was.
  void formRowGroups() {
    llvm::SmallVector<Group *> seeds;
    for (auto &g : groups)
      if (rowsOf(*g))
        seeds.push_back(g.get());
    llvm::DenseSet<Group *> merged;
    for (Group *seed : seeds) {
      if (merged.contains(seed))
        continue;
      Rows rows = *rowsOf(*seed);
      int64_t reductions = 1;
      bool grew = false;
      for (bool changed = true; changed;) {
        changed = false;
        for (Group *h : neighbours(*seed)) {
          int64_t hReductions = 0;
          if (!fitsRows(*h, rows, hReductions) ||
              reductions + hReductions > kRowMaxReductions || !canMergeRows(*h, *seed) ||
              viewOfMember(*h, *seed) || viewOfMember(*seed, *h) ||
              !spansDomain(*seed, *h, rows.domain))
            continue;
          reductions += hReductions;
          merged.insert(h);
          merge(*h, *seed);
          grew = changed = true;
          break;
        }
      }
      if (grew) {
        seed->row = true;
        seed->domain = rows.domain;
        seed->rowDims = rows.dims;
        seed->rowDomainExprs = rows.domainExprs;
      }
    }
  }

  /// See the file comment (merge-siblings).
  void mergeSiblingGroups() {
    // Elementwise groups, and row groups (a row kernel takes another row
    // kernel's independent reductions over the same rows: swin_v2's q and
    // k normalizations).
    auto open = [](Group &g) { return g.row || (!g.reduction && !g.copy && !g.closed); };
    llvm::SmallVector<Group *> order;
    for (auto &g : groups)
      if (open(*g))
        order.push_back(g.get());
    llvm::stable_sort(order, [&](Group *a, Group *b) {
      return position[a->ops.back()] < position[b->ops.back()];
    });
    // In order of their last ops; a group that took its sibling stays at
    // its place (its last op is unchanged), where the next may take it.
    for (size_t j = 1; j < order.size(); ++j)
      for (size_t i = j; i-- > 0;) {
        if (!order[i])
          continue; // merged away
        Group &h = *order[i], &g = *order[j];
        if (h.domain != g.domain || h.row != g.row || h.rowDims != g.rowDims ||
            (symbolic && (h.rowDomainExprs != g.rowDomainExprs ||
                          domainExprsOf(h) != domainExprsOf(g))))
          continue;
        auto reductions = [](Group &x) {
          return llvm::count_if(x.ops, [](Operation *m) { return isReductionOp(m); });
        };
        if (h.row && reductions(h) + reductions(g) > kRowMaxReductions)
          continue;
        if (canMergeSiblings(h, g)) {
          merge(h, g);
          order[i] = nullptr;
        }
        break; // only the nearest earlier group over the same shape
      }
  }

  /// Whether `h` (the earlier) may run with `g`: within max-ops, neither
  /// depends on the other, no op between them reads h, neither reads a
  /// view of the other's values, and h's dying inputs are no larger than
  /// its results.
  bool canMergeSiblings(Group &h, Group &g) {
    if (g.ops.size() + h.ops.size() > maxOps || viewOfMember(h, g) || viewOfMember(g, h) ||
        dependsAcross(h, g, /*exact=*/true) || dependsAcross(g, h, /*exact=*/true))
      return false;
    auto reads = [](Group &a, Group &b) {
      for (Operation *m : a.ops)
        for (Value v : m->getOperands())
          if (Operation *d = v.getDefiningOp(); d && b.members.contains(d))
            return true;
      return false;
    };
    if (reads(g, h) || reads(h, g))
      return false; // not siblings: one reads the other
    int64_t from = position[h.ops.back()], to = position[g.ops.back()];
    // Whether an op between h and g reads `r`, looking through the ops
    // that compute nothing (the reshape splitting q's heads off its bias
    // add): those move after the merged group with their readers.
    std::function<bool(Value)> readBetween = [&](Value r) {
      for (Operation *user : r.getUsers()) {
        if (h.members.contains(user))
          continue;
        Operation *top = block.findAncestorOpInBlock(*user);
        if (top == user && computesNothing(user) && !groupOfOp.count(user)) {
          if (llvm::any_of(user->getResults(), readBetween))
            return true;
          continue;
        }
        int64_t p = position.lookup(top);
        if (p > from && p < to)
          return true;
      }
      return false;
    };
    int64_t results = 0, dying = 0;
    for (Operation *m : h.ops)
      for (Value r : m->getResults()) {
        if (readBetween(r))
          return false;
        if (llvm::any_of(r.getUsers(), [&](Operation *u) { return !h.members.contains(u); }))
          results += tensorBytes(r.getType());
      }
    llvm::DenseSet<Value> counted;
    for (Operation *m : h.ops)
      for (Value v : m->getOperands()) {
        Operation *d = v.getDefiningOp();
        if (d && !h.members.contains(d) && !isSplatConstant(d) && counted.insert(v).second &&
            llvm::all_of(v.getUsers(), [&](Operation *u) { return h.members.contains(u); }))
          dying += tensorBytes(v.getType());
      }
    return dying <= results + kMergeDyingBytes; // a bias vector besides
  }

  /// The groups that produce an input of `g` or read a result of it, in
  /// program order.
  llvm::SmallVector<Group *> neighbours(Group &g) {
    llvm::SetVector<Group *> found;
    for (Operation *m : g.ops) {
      for (Value v : m->getOperands())
        if (Group *h = groupOf(v); h && h != &g)
          found.insert(h);
      for (Operation *user : m->getUsers())
        if (Group *h = groupOfOp.lookup(user); h && h != &g)
          found.insert(h);
    }
    llvm::SmallVector<Group *> out(found.begin(), found.end());
    llvm::stable_sort(out, [](Group *a, Group *b) { return a->firstPos < b->firstPos; });
    return out;
  }

  /// Whether `h` maps over `rows`' domain or its rows (elementwise, still
  /// open), or reduces the same rows; counts its reductions.
  bool fitsRows(Group &h, const Rows &rows, int64_t &reductions) {
    if (h.copy || h.ops.size() > maxOps || hasBroadcastView(h))
      return false;
    if (h.row) {
      reductions = countReductions(h);
      return h.domain == rows.domain && h.rowDims == rows.dims &&
             h.rowDomainExprs == rows.domainExprs;
    }
    if (h.reduction) {
      std::optional<Rows> r = rowsOf(h);
      if (!r || !(*r == rows))
        return false;
      reductions = 1;
      return true;
    }
    if (h.closed)
      return false; // a view of its own (a copy kernel)
    reductions = 0;
    std::optional<llvm::SmallVector<SymExpr, 4>> exprs = domainExprsOf(h);
    if (symbolic && !exprs)
      return false;
    return (llvm::ArrayRef(h.domain) == llvm::ArrayRef(rows.domain) &&
            (!symbolic || *exprs == rows.domainExprs)) ||
           (llvm::ArrayRef(h.domain) == llvm::ArrayRef(rows.rowShape) &&
            (!symbolic || *exprs == rows.rowShapeExprs));
  }

  /// A gn.broadcast_to among g's ops: the row kernel's reads do not
  /// compose a broadcast view with its row loops (a reduction over the
  /// broadcast dim gave a non-invertible map; found by test/fuzz/fuzz_diff.py,
  /// graph seeds 200843, 201206), so such a group stays out of row groups.
  static bool hasBroadcastView(Group &g) {
    return llvm::any_of(g.ops, [](Operation *op) { return isa<BroadcastToOp>(op); });
  }

  static int64_t countReductions(Group &g) {
    return llvm::count_if(g.ops, [](Operation *op) { return isReductionOp(op); });
  }

  /// Some view op of `g` reads a value `h` computes: a kernel reads views of
  /// its inputs only.
  static bool viewOfMember(Group &g, Group &h) {
    for (Operation *m : g.ops)
      if (isKernelView(m))
        if (Operation *src = m->getOperand(0).getDefiningOp(); src && h.members.contains(src))
          return true;
    return false;
  }

  /// canMerge for row groups: within max-ops, no cycle, and no other op
  /// between the two (the merged kernel runs at the later one's place, so
  /// an op in between would wait for it or see inputs live longer): a
  /// layer norm's or a softmax's groups follow one another.
  bool canMergeRows(Group &h, Group &g) {
    if (g.ops.size() + h.ops.size() > maxOps || dependsAcross(h, g, /*exact=*/true) ||
        dependsAcross(g, h, /*exact=*/true))
      return false;
    // The merged group runs where the later one did: an op in between may
    // stay before it unless it reads the earlier group (the other layer
    // norm of q and k in between: gemma's q norm takes its weight and
    // rotary multiply across the k norm's ops), and as long as no input
    // only the earlier group reads (over kMergeDyingBytes) would live on
    // across it.
    Group &earlier = position[h.ops.back()] < position[g.ops.back()] ? h : g;
    int64_t from = std::min(position[h.ops.back()], position[g.ops.back()]);
    int64_t to = std::max(position[h.ops.back()], position[g.ops.back()]);
    bool across = false;
    for (Operation &op : block) {
      int64_t p = position.lookup(&op);
      if (p <= from || p >= to || h.members.contains(&op) || g.members.contains(&op) ||
          isa<ConstantOp>(op))
        continue;
      across = true;
      for (Value v : op.getOperands())
        if (Operation *d = v.getDefiningOp(); d && earlier.members.contains(d))
          return false;
    }
    return !across || !hasDyingInput(earlier, kMergeDyingBytes);
  }

  /// Whether `g` and `h` together still read every loop of `domain` of
  /// size > 1 from some input (see inputsSpanDomain).
  bool spansDomain(Group &g, Group &h, llvm::ArrayRef<int64_t> domain) {
    Group both;
    both.domain.assign(domain.begin(), domain.end());
    for (Group *x : {&g, &h})
      for (Operation *m : x->ops) {
        both.ops.push_back(m);
        both.members.insert(m);
      }
    return inputsSpanDomain(both);
  }

  Block &block;
  unsigned maxOps;
  bool fuseReductions;
  bool attentionKernels; // gn.attention as a copy kernel, not a host op
  bool depthwiseKernels; // depthwise gn.conv as a copy kernel, not a host op
  bool rankKernels;      // gn.top_k and gn.nonzero as copy kernels, not host ops
  bool windowGroups;     // max pooling with epilogue and prologue groups too
  bool mergeGroups;
  bool absorbBroadcastProducers;
  bool rowGroups;
  bool mergeSiblings;
  bool absorbWrappedViews;
  bool symbolic; // a module compiled with symbolic dims: sizes compare as expressions
  // A row group's rows: a block's threads each fold a few of a row's points.
  static constexpr int64_t kRowMaxLength = 8192;
  // Reductions in one row group (a layer norm has two, a softmax two).
  static constexpr int64_t kRowMaxReductions = 4;
  // Ops recomputed at every point of a consumer's domain: a handful.
  static constexpr size_t kAbsorbOps = 16;
  // A depthwise convolution recomputes its absorbed input at every tap:
  // kernels up to 5 x 5.
  static constexpr int64_t kPrologueTaps = 25;
  // A merge may keep an input only the merged group reads alive until the
  // group's last op: only small ones (a parameter vector, not an activation).
  static constexpr int64_t kMergeDyingBytes = 64 << 10;
  llvm::DenseMap<Operation *, int64_t> position;
  llvm::DenseMap<Operation *, Group *> groupOfOp;
};

/// Replaces the ops of `g` by one gn.fusion placed at the group's last op.
void outlineGroup(Group &g) {
  llvm::SetVector<Value> inputs;
  llvm::SetVector<Value> outputs;
  for (Operation *op : g.ops) {
    for (Value v : op->getOperands()) {
      Operation *d = v.getDefiningOp();
      // Copy kernels read every operand from memory, splats included,
      // except a scatter's input and source (its base is then a fill).
      // A depthwise convolution's epilogue ops take splats in as elementwise
      // kernels do; the convolution reads its operands from memory.
      auto scatter = llvm::dyn_cast<ScatterOp>(op);
      bool epilogueOp = g.epilogue && !isa<ConvOp>(op) &&
                        llvm::none_of(v.getUsers(), [](Operation *u) { return isa<ConvOp>(u); });
      bool splatIn = d && isSplatConstant(d) &&
                     (!g.copy || epilogueOp || (scatter && v != scatter.getIndex()));
      if (!(d && (g.members.contains(d) || splatIn)))
        inputs.insert(v);
    }
    for (Value r : op->getResults())
      for (Operation *user : r.getUsers())
        if (!g.members.contains(user))
          outputs.insert(r);
  }
  // A group nothing reads (dead code, e.g. the statistics a training-mode
  // batch_norm also computes) is dropped rather than made a kernel with no
  // results, unless a member checks a guard (gn.nonzero's count: an effect,
  // see Gn_InferredOp): then it keeps that member's result, unread.
  if (outputs.empty())
    for (Operation *op : g.ops)
      if (!isMemoryEffectFree(op))
        outputs.insert(op->result_begin(), op->result_end());
  if (outputs.empty()) {
    for (Operation *op : llvm::reverse(g.ops))
      op->erase();
    return;
  }
  Operation *last = g.ops.back();
  OpBuilder b(last);
  llvm::SmallVector<Type> resultTypes;
  for (Value v : outputs)
    resultTypes.push_back(v.getType());
  auto fusion = FusionOp::create(b, last->getLoc(), resultTypes, inputs.getArrayRef(),
                                 g.copy        ? "copy"
                                 : g.row       ? "row"
                                 : g.reduction ? "reduction"
                                               : "elementwise");
  Block &body = fusion.getBody().front();
  IRMapping map;
  for (auto [v, arg] : llvm::zip(inputs, body.getArguments()))
    map.map(v, arg);
  OpBuilder inner = OpBuilder::atBlockEnd(&body);
  for (Operation *op : g.ops) {
    for (Value v : op->getOperands())
      if (!map.contains(v))
        inner.clone(*v.getDefiningOp(), map); // a splat constant
    inner.clone(*op, map);
  }
  llvm::SmallVector<Value> yielded;
  for (Value v : outputs)
    yielded.push_back(map.lookup(v));
  YieldOp::create(inner, last->getLoc(), yielded);
  for (auto [out, r] : llvm::zip(outputs, fusion.getResults()))
    Value(out).replaceUsesWithIf(r, [&](OpOperand &use) { return !g.members.contains(use.getOwner()); });
  for (Operation *op : llvm::reverse(g.ops))
    op->erase();
}

/// Orders the block so that every op follows its operands' producers,
/// keeping the original order where it can: of the ops ready at a step, the
/// earliest in the old order goes next. (mlir::sortTopologically instead
/// defers an op whose producer moved below it to a later sweep, and with it
/// everything depending on it: an early group could land after a whole
/// banded region and keep its inputs alive across it.) Fails on a cycle.
LogicalResult sortStably(Block &block) {
  llvm::SmallVector<Operation *> ops;
  llvm::DenseMap<Operation *, int64_t> index;
  for (Operation &op : block.without_terminator()) {
    index[&op] = ops.size();
    ops.push_back(&op);
  }
  std::vector<int64_t> pending(ops.size(), 0);
  std::vector<llvm::SmallVector<int64_t, 4>> users(ops.size());
  for (auto [i, op] : llvm::enumerate(ops)) {
    llvm::SmallPtrSet<Operation *, 4> producers;
    for (Value v : op->getOperands())
      if (Operation *d = v.getDefiningOp(); d && index.count(d) && producers.insert(d).second) {
        ++pending[i];
        users[index[d]].push_back(i);
      }
  }
  std::priority_queue<int64_t, std::vector<int64_t>, std::greater<int64_t>> ready;
  for (size_t i = 0; i < ops.size(); ++i)
    if (pending[i] == 0)
      ready.push(i);
  Operation *terminator = block.getTerminator();
  size_t placed = 0;
  while (!ready.empty()) {
    int64_t i = ready.top();
    ready.pop();
    ops[i]->moveBefore(terminator);
    ++placed;
    for (int64_t u : users[i])
      if (--pending[u] == 0)
        ready.push(u);
  }
  return success(placed == ops.size());
}

/// Counts a group and, under --gn-debug-only=gn-form-fusion-groups, says
/// what it holds.
void traceGroup(const Group &g) {
  ++numGroups;
  numOpsGrouped += g.ops.size();
  if (g.reduction)
    ++numReductionGroups;
  if (g.row)
    ++numRowGroups;
  if (g.copy)
    ++numCopyGroups;
  GN_DEBUG({
    llvm::raw_ostream &os = traceStream();
    os << "[" DEBUG_TYPE "] group of " << g.ops.size() << (g.ops.size() == 1 ? " op" : " ops")
       << (g.copy ? ", copy" : "") << (g.epilogue ? " with epilogue" : "")
       << (g.reduction ? ", reduction" : "") << (g.row ? ", rows" : "") << ", domain [";
    llvm::interleaveComma(g.domain, os);
    os << "]:";
    for (Operation *op : g.ops)
      os << " " << op->getName().stripDialect();
    os << " at " << g.ops.front()->getLoc() << "\n";
  });
}

struct GnFormFusionGroupsPass
    : mlir::gn::impl::GnFormFusionGroupsPassBase<GnFormFusionGroupsPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    func::FuncOp func = getOperation();
    if (func.getBody().empty())
      return;
    Block &block = func.getBody().front();
    // Of the launch merging, a symbolic module takes the row groups, merged
    // siblings and absorbed broadcast producers, their shapes compared as
    // expressions; merge-groups and the absorbing of views decide at the
    // example's sizes and stay off for one (docs/symbolic-shapes.md).
    bool merging = !inSymbolicModule(func);
    GroupFormer former(block, maxOps, fuseReductions, attentionKernels, depthwiseKernels, rankKernels,
                       windowGroups, mergeGroups, absorbBroadcastProducers, rowGroups,
                       mergeSiblings, merging && absorbWrappedViews);
    former.run();
    for (auto &g : former.groups) {
      traceGroup(*g);
      outlineGroup(*g);
    }
    if (failed(sortStably(block))) {
      func.emitError("gn-form-fusion-groups: fusion created a cycle");
      return signalPassFailure();
    }
    // Splat constants only used inside groups are dead now.
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block)))
      if (isa<ConstantOp>(op) && op.use_empty())
        op.erase();
  }
};

} // namespace
