import InkDistances
import InkMath

/// The points of ``KMeans`` moved so that every column's mean is 0, with those means and the
/// mean of the columns' variances, each in NumPy's order of operations: scikit-learn centres
/// `X` by `X.mean(axis=0)` and scales its tolerance by `np.mean(np.var(X, axis=0))`.
///
/// NumPy sums a column over the rows in row order when there are several columns (its pairwise
/// summation runs only along the contiguous axis), so the columns are summed eight at a time in
/// one pass over the rows, each lane in row order; one column is the contiguous axis, and is
/// summed pairwise. The columns' variances are then added pairwise, as `np.mean` adds them.
struct CentredPoints {
  /// The centred points, `n × d`.
  let points: Matrix
  /// Each column's mean.
  let mean: [Double]
  /// The mean of the columns' population variances.
  let meanVariance: Double

  /// Each column's sum over the `n` rows of the row-major `x`, in row order (pairwise for one
  /// column).
  static func columnSums(of x: UnsafeBufferPointer<Double>, rows n: Int, columns d: Int)
    -> [Double]
  {
    if d == 1 { return [NumPyArithmetic.pairwiseSum(UnsafeBufferPointer(rebasing: x[0..<n]))] }
    var sums = [Double](repeating: 0, count: d)
    sums.withUnsafeMutableBufferPointer { sums in
      for i in 0..<n {
        addColumns(d, to: sums.baseAddress!) { x.baseAddress! + i * d + $0 }
      }
    }
    return sums
  }

  /// `data` less the means `columnSums / n` of its columns (``columnSums(of:rows:columns:)``).
  init(_ data: Matrix, columnSums: [Double]) throws {
    let (n, d) = (data.rows, data.columns)
    precondition(columnSums.count == d, "a sum for each column")
    let mean = columnSums.map { $0 / Double(n) }
    var squares = [Double](repeating: 0, count: d)
    let centred = data.elements.withUnsafeBufferPointer { x in
      [Double](unsafeUninitializedCapacity: n * d) { output, count in
        mean.withUnsafeBufferPointer { mean in
          squares.withUnsafeMutableBufferPointer { squares in
            let (x, mean, output) = (x.baseAddress!, mean.baseAddress!, output.baseAddress!)
            for i in 0..<n {
              Self.addColumns(d, to: squares.baseAddress!) { c in
                let deviation = Self.loadEight(x + i * d + c) - Self.loadEight(mean + c)
                UnsafeMutableRawPointer(output + i * d + c).storeBytes(
                  of: deviation, as: SIMD8<Double>.self)
                return deviation * deviation
              } scalar: { c in
                let deviation = x[i * d + c] - mean[c]
                output[i * d + c] = deviation
                return deviation * deviation
              }
            }
          }
        }
        count = n * d
      }
    }
    if d == 1 {
      // One column's squares are the contiguous axis too: NumPy adds them pairwise.
      squares = [centred.map { $0 * $0 }.withUnsafeBufferPointer(NumPyArithmetic.pairwiseSum)]
    }
    points = try Matrix(rows: n, columns: d, elements: centred)
    self.mean = mean
    meanVariance = NumPyArithmetic.mean(squares.map { $0 / Double(n) })
  }

  /// Eight doubles from `start`.
  private static func loadEight(_ start: UnsafePointer<Double>) -> SIMD8<Double> {
    UnsafeRawPointer(start).loadUnaligned(as: SIMD8<Double>.self)
  }

  /// Adds the eight values `eight(c)` of columns `c…c + 7` to `sums[c…c + 7]`, for each `c` in
  /// steps of eight, then `scalar(c)` to `sums[c]` for the columns left.
  private static func addColumns(
    _ d: Int, to sums: UnsafeMutablePointer<Double>,
    eight: (Int) -> SIMD8<Double>, scalar: (Int) -> Double
  ) {
    var c = 0
    while c + 8 <= d {
      let total = loadEight(sums + c) + eight(c)
      UnsafeMutableRawPointer(sums + c).storeBytes(of: total, as: SIMD8<Double>.self)
      c += 8
    }
    while c < d {
      sums[c] += scalar(c)
      c += 1
    }
  }

  /// ``addColumns(_:to:eight:scalar:)`` of the values at `start(c)`.
  private static func addColumns(
    _ d: Int, to sums: UnsafeMutablePointer<Double>, _ start: (Int) -> UnsafePointer<Double>
  ) {
    addColumns(d, to: sums, eight: { loadEight(start($0)) }, scalar: { start($0).pointee })
  }
}
