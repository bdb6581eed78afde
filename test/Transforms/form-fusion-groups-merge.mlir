// RUN: gn-opt %s --gn-form-fusion-groups="merge-groups=true" --split-input-file | FileCheck %s
// RUN: gn-opt %s --gn-form-fusion-groups --split-input-file | FileCheck %s --check-prefix=APART
// RUN: gn-opt %s --gn-form-fusion-groups="merge-groups=true absorb-broadcast-producers=true" --split-input-file | FileCheck %s --check-prefix=ABSORB
// RUN: gn-opt %s --gn-form-fusion-groups="merge-groups=true absorb-wrapped-views=true" --split-input-file | FileCheck %s --check-prefix=WRAP

// A batch norm's scale and shift from its four parameter vectors (as
// gn-decompose writes them): each op joins one operand's group, so without
// merge-groups the converts and the rsqrt chain are four kernels; with it
// the groups an op reads merge: one kernel with both results.
// CHECK-LABEL: func.func @bn_scale_shift
// CHECK: gn.fusion "elementwise"(%arg3, %arg2, %arg0, %arg1) : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
// CHECK-NOT: gn.fusion
// CHECK: return
// APART-LABEL: func.func @bn_scale_shift
// APART-COUNT-4: gn.fusion "elementwise"
// APART-NOT: gn.fusion
func.func @bn_scale_shift(%w: tensor<8xf32>, %b: tensor<8xf32>, %mean: tensor<8xf32>, %var: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %eps = gn.constant dense<1.0e-05> : tensor<f64>
  %v = gn.convert %var {dtype = f64} : tensor<8xf32> -> tensor<8xf64>
  %m = gn.convert %mean {dtype = f64} : tensor<8xf32> -> tensor<8xf64>
  %ve = gn.add %v, %eps : tensor<8xf64>, tensor<f64> -> tensor<8xf64>
  %r = gn.rsqrt %ve : tensor<8xf64>
  %w64 = gn.convert %w {dtype = f64} : tensor<8xf32> -> tensor<8xf64>
  %scale = gn.mul %w64, %r : tensor<8xf64>, tensor<8xf64> -> tensor<8xf64>
  %ms = gn.mul %m, %scale : tensor<8xf64>, tensor<8xf64> -> tensor<8xf64>
  %b64 = gn.convert %b {dtype = f64} : tensor<8xf32> -> tensor<8xf64>
  %shift = gn.sub %b64, %ms : tensor<8xf64>, tensor<8xf64> -> tensor<8xf64>
  %shift32 = gn.convert %shift {dtype = f32} : tensor<8xf64> -> tensor<8xf32>
  %scale32 = gn.convert %scale {dtype = f32} : tensor<8xf64> -> tensor<8xf32>
  return %scale32, %shift32 : tensor<8xf32>, tensor<8xf32>
}

// -----

// No merge that would make a cycle: %n's group reads the matmul, which
// reads the exp's group; the add can only join %n's group, and merging the
// exp's group into it would put the matmul both before and after it.
// CHECK-LABEL: func.func @no_cycle
// APART-LABEL: func.func @no_cycle
// ABSORB-LABEL: func.func @no_cycle
// CHECK: %[[E:.*]] = gn.fusion "elementwise"(%arg0)
// CHECK: gn.exp
// CHECK: %[[M:.*]] = gn.matmul %[[E]], %arg1
// CHECK: gn.fusion "elementwise"(%[[M]], %[[E]])
// CHECK: gn.neg
// CHECK: gn.add
func.func @no_cycle(%x: tensor<4x4xf32>, %w: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = gn.exp %x : tensor<4x4xf32>
  %mm = gn.matmul %e, %w : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  %n = gn.neg %mm : tensor<4x4xf32>
  %s = gn.add %e, %n : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
  return %s : tensor<4x4xf32>
}

// -----

// No merge that would keep a large input alive longer: the exp's group is
// the only reader of the matmul's 66 KiB result, which it would hold until
// the add's group ran (a parameter vector may wait; an activation not).
// CHECK-LABEL: func.func @no_stretch
// APART-LABEL: func.func @no_stretch
// CHECK: gn.fusion "elementwise"(%{{.*}}) : (tensor<129x128xf32>) -> tensor<129x128xf32>
// CHECK: gn.exp
// CHECK: gn.fusion "elementwise"
// CHECK: gn.neg
// CHECK: gn.add
func.func @no_stretch(%a: tensor<129x4xf32>, %w: tensor<4x128xf32>, %y: tensor<129x128xf32>) -> tensor<129x128xf32> {
  %n = gn.neg %y : tensor<129x128xf32>
  %mm = gn.matmul %a, %w : tensor<129x4xf32>, tensor<4x128xf32> -> tensor<129x128xf32>
  %e = gn.exp %mm : tensor<129x128xf32>
  %s = gn.add %n, %e : tensor<129x128xf32>, tensor<129x128xf32> -> tensor<129x128xf32>
  return %s : tensor<129x128xf32>
}

// -----

// absorb-broadcast-producers: a batch norm applied, its per-channel scale
// and shift recomputed at each point of the activation by the kernel that
// applies them (one kernel, no [8, 1, 1] values stored); without it, the
// parameter kernel and the apply kernel.
// ABSORB-LABEL: func.func @bn_apply
// ABSORB: gn.fusion "elementwise"(%arg3, %arg2, %arg0, %arg1, %arg4) : {{.*}} -> tensor<2x8x4x4xf32>
// ABSORB: gn.rsqrt {{.*}} : tensor<8x1x1xf64>
// ABSORB: gn.add {{.*}} : tensor<2x8x4x4xf32>, tensor<8x1x1xf32> -> tensor<2x8x4x4xf32>
// ABSORB-NOT: gn.fusion
// CHECK-LABEL: func.func @bn_apply
// CHECK-COUNT-2: gn.fusion "elementwise"
// CHECK-NOT: gn.fusion
func.func @bn_apply(%w: tensor<8x1x1xf32>, %b: tensor<8x1x1xf32>, %mean: tensor<8x1x1xf32>, %var: tensor<8x1x1xf32>, %x: tensor<2x8x4x4xf32>) -> tensor<2x8x4x4xf32> {
  %eps = gn.constant dense<1.0e-05> : tensor<f64>
  %v = gn.convert %var {dtype = f64} : tensor<8x1x1xf32> -> tensor<8x1x1xf64>
  %m = gn.convert %mean {dtype = f64} : tensor<8x1x1xf32> -> tensor<8x1x1xf64>
  %ve = gn.add %v, %eps : tensor<8x1x1xf64>, tensor<f64> -> tensor<8x1x1xf64>
  %r = gn.rsqrt %ve : tensor<8x1x1xf64>
  %w64 = gn.convert %w {dtype = f64} : tensor<8x1x1xf32> -> tensor<8x1x1xf64>
  %scale = gn.mul %w64, %r : tensor<8x1x1xf64>, tensor<8x1x1xf64> -> tensor<8x1x1xf64>
  %ms = gn.mul %m, %scale : tensor<8x1x1xf64>, tensor<8x1x1xf64> -> tensor<8x1x1xf64>
  %b64 = gn.convert %b {dtype = f64} : tensor<8x1x1xf32> -> tensor<8x1x1xf64>
  %shift = gn.sub %b64, %ms : tensor<8x1x1xf64>, tensor<8x1x1xf64> -> tensor<8x1x1xf64>
  %shift32 = gn.convert %shift {dtype = f32} : tensor<8x1x1xf64> -> tensor<8x1x1xf32>
  %scale32 = gn.convert %scale {dtype = f32} : tensor<8x1x1xf64> -> tensor<8x1x1xf32>
  %y = gn.mul %x, %scale32 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32> -> tensor<2x8x4x4xf32>
  %z = gn.add %y, %shift32 : tensor<2x8x4x4xf32>, tensor<8x1x1xf32> -> tensor<2x8x4x4xf32>
  return %z : tensor<2x8x4x4xf32>
}

// -----

// Not when the small values are read elsewhere too (here returned): they
// are stored once by their own kernel.
// ABSORB-LABEL: func.func @read_elsewhere
// ABSORB: gn.fusion "elementwise"(%arg0) : (tensor<8xf32>) -> tensor<8xf32>
// ABSORB: gn.fusion "elementwise"(%arg1, %{{.*}}) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
// CHECK-LABEL: func.func @read_elsewhere
func.func @read_elsewhere(%a: tensor<8xf32>, %x: tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<8xf32>) {
  %e = gn.exp %a : tensor<8xf32>
  %y = gn.mul %x, %e : tensor<4x8xf32>, tensor<8xf32> -> tensor<4x8xf32>
  return %y, %e : tensor<4x8xf32>, tensor<8xf32>
}

// -----

// With absorb-wrapped-views, rolls and flips of a group input join the
// group reading them (rotary embeddings: q * cos + roll(q) * sign * sin,
// one kernel reading q twice); without, a roll is a kernel of its own.
// A roll of a value another group computes keeps the groups apart: %q2's
// group and the group reading roll(%q2) do not merge, though %w reads both
// (a kernel reads views of its inputs only).
// WRAP-LABEL: func.func @roll_flip_views
// WRAP: gn.fusion "elementwise"(%arg0, %arg1, %arg2)
// WRAP-NEXT: ^bb0
// WRAP-NEXT: gn.mul
// WRAP-NEXT: gn.roll
// WRAP-NEXT: gn.flip
// WRAP: %[[Q2:.*]]:2 = gn.fusion "elementwise"(%arg0, %arg1)
// WRAP-NEXT: ^bb0
// WRAP-NEXT: gn.exp
// WRAP: gn.fusion "elementwise"(%[[Q2]]#0, %arg2, %[[Q2]]#1)
// WRAP-NEXT: ^bb0
// WRAP-NEXT: gn.roll
// APART-LABEL: func.func @roll_flip_views
// APART: gn.fusion "elementwise"(%arg0)
// APART-NEXT: ^bb0
// APART-NEXT: gn.roll
// APART-NEXT: gn.yield
func.func @roll_flip_views(%q: tensor<2x8xf32>, %c: tensor<2x8xf32>, %s: tensor<2x8xf32>) -> (tensor<2x8xf32>, tensor<2x8xf32>) {
  %a = gn.mul %q, %c : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %r = gn.roll %q shifts [4] dims [1] : tensor<2x8xf32>
  %f = gn.flip %s [0] : tensor<2x8xf32>
  %b = gn.mul %r, %f : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %y = gn.add %a, %b : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %q2 = gn.exp %q : tensor<2x8xf32>
  %u = gn.mul %q2, %c : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %r2 = gn.roll %q2 shifts [4] dims [1] : tensor<2x8xf32>
  %v = gn.mul %r2, %s : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  %w = gn.add %u, %v : tensor<2x8xf32>, tensor<2x8xf32> -> tensor<2x8xf32>
  return %y, %w : tensor<2x8xf32>, tensor<2x8xf32>
}
