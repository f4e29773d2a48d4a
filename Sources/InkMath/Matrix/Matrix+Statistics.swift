extension Matrix {
  /// The mean of every column, summed in parallel over row chunks.
  func columnMeans() -> [Double] {
    guard rows > 0 else { return [Double](repeating: 0, count: columns) }
    let chunkCount = min(rows, ParallelLoop.coreCount * 3)
    var partials = [Double](repeating: 0, count: chunkCount * columns)
    let (rows, columns, elements) = (self.rows, self.columns, self.elements)
    partials.withUnsafeMutableBufferPointer { storage in
      let sums = DisjointWriteBuffer(storage)
      ParallelLoop.forEachChunk(of: 0..<chunkCount) { chunks in
        for chunk in chunks {
          let target = sums.baseAddress + chunk * columns
          for i in (rows * chunk / chunkCount)..<(rows * (chunk + 1) / chunkCount) {
            for j in 0..<columns { target[j] += elements[i * columns + j] }
          }
        }
      }
    }
    return (0..<columns).map { j in
      stride(from: j, to: partials.count, by: columns).reduce(0) { $0 + partials[$1] }
        / Double(rows)
    }
  }

  /// A copy with `mean` subtracted from every row.
  func centred(mean: [Double]) -> Matrix {
    elements.withUnsafeBufferPointer { source in
      Matrix(validatedRows: rows, columns: columns) { target in
        Matrix.subtract(
          mean, fromRows: rows, columns: columns, of: source.baseAddress, into: target)
      }
    }
  }

  /// Writes `rowCount` rows of `source` minus `mean` into `target`, in parallel over rows.
  static func subtract(
    _ mean: [Double], fromRows rowCount: Int, columns: Int, of source: UnsafePointer<Double>?,
    into target: UnsafeMutableBufferPointer<Double>
  ) {
    guard let source, rowCount > 0 else { return }
    let input = DisjointWriteBuffer(
      UnsafeMutableBufferPointer(
        start: UnsafeMutablePointer(mutating: source), count: rowCount * columns))
    let output = DisjointWriteBuffer(target)
    ParallelLoop.forEachChunk(of: 0..<rowCount, minimumChunkSize: 256) { range in
      mean.withUnsafeBufferPointer { mu in
        for i in range {
          let (from, to) = (input.baseAddress + i * columns, output.baseAddress + i * columns)
          for j in 0..<columns { to[j] = from[j] - mu[j] }
        }
      }
    }
  }

  /// `scale · (X − 1·μᵀ)ᵀ·(X − 1·μᵀ)`, the (scaled) Gram matrix of the centred columns, by
  /// `dsyrk` over blocks of rows that are centred into a cache-sized scratch buffer, so that no
  /// centred copy of the whole matrix is made.
  func centredGram(mean: [Double], scale: Double) -> Matrix {
    let d = columns
    var gram = Matrix(validatedRows: d, columns: d, elements: [Double](repeating: 0, count: d * d))
    guard d > 0, rows > 0 else { return gram }
    let blockRows = max(64, (1 << 19) / d)
    var scratch = [Double](repeating: 0, count: min(blockRows, rows) * d)
    elements.withUnsafeBufferPointer { source in
      scratch.withUnsafeMutableBufferPointer { buffer in
        gram.withUnsafeMutableStorage { pc in
          for start in stride(from: 0, to: rows, by: blockRows) {
            let count = min(blockRows, rows - start)
            Matrix.subtract(
              mean, fromRows: count, columns: d, of: source.baseAddress! + start * d, into: buffer)
            BLAS.syrkUpper(
              transpose: true, n: d, k: count, alpha: scale, a: buffer.baseAddress!, lda: d,
              beta: 1, c: pc, ldc: d)
          }
          Matrix.mirrorUpperTriangle(pc, n: d, ld: d, rowRange: 0..<d)
        }
      }
    }
    return gram
  }

  /// Reverses the order of the rows in place.
  mutating func reverseRows() {
    for i in 0..<(rows / 2) {
      for j in 0..<columns {
        let (top, bottom) = (i * columns + j, (rows - 1 - i) * columns + j)
        elements.swapAt(top, bottom)
      }
    }
  }
}
