/// `sum + difference²`, the step of every squared distance that the DTW kernels add up: one
/// fused multiply-add (a single rounding) in builds compiled with `-D FUSED_MULTIPLY_ADD`, which
/// `Scripts/ductus` and `Scripts/bench/build-bench` pass with a `-target-cpu` that has FMA
/// (Haswell and later), else a product and a sum (the baseline x86-64 target has no FMA, and
/// `addingProduct` would call the C library's `fma` lane by lane).
///
/// The lane, anti-diagonal, full-matrix and scalar paths all take their squared distances from
/// here, so that within one build they agree to the bit; an FMA build and a baseline build may
/// differ in the last bit. On the lane kernel the fused form takes the sums off the adder pipes,
/// which bound its throughput (measured 1.19× on all-pairs DTW of 128-point 2-D strokes).
@inline(__always)
func addingSquare(_ sum: SIMD8<Double>, _ difference: SIMD8<Double>) -> SIMD8<Double> {
  #if FUSED_MULTIPLY_ADD
    sum.addingProduct(difference, difference)
  #else
    sum + difference * difference
  #endif
}

/// `sum + difference²` for one pair of samples, rounded as the vector form rounds each lane.
@inline(__always)
func addingSquare(_ sum: Double, _ difference: Double) -> Double {
  #if FUSED_MULTIPLY_ADD
    sum.addingProduct(difference, difference)
  #else
    sum + difference * difference
  #endif
}
