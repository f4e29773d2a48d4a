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
        guard let base = source.baseAddress else { return }
        Matrix.subtract(
          mean, fromRows: rows, columns: columns, of: base, into: target.baseAddress!,
          parallel: true)
      }
    }
  }

  /// Writes `rowCount` rows of `source` minus `mean` into `target`, over the cores when
  /// `parallel`.
  static func subtract(
    _ mean: [Double], fromRows rowCount: Int, columns: Int, of source: UnsafePointer<Double>,
    into target: UnsafeMutablePointer<Double>, parallel: Bool
  ) {
    let count = rowCount * columns
    let input = DisjointWriteBuffer(
      UnsafeMutableBufferPointer(start: UnsafeMutablePointer(mutating: source), count: count))
    let output = DisjointWriteBuffer(UnsafeMutableBufferPointer(start: target, count: count))
    ParallelLoop.forEachChunk(of: 0..<rowCount, minimumChunkSize: parallel ? 256 : Int.max) {
      range in
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
  ///
  /// With more than one BLAS thread the blocks run in turn, each update threaded by OpenBLAS.
  /// With one, every core takes every so-many blocks into a Gram matrix of its own, and the
  /// partial Gram matrices are added at the end.
  func centredGram(mean: [Double], scale: Double) -> Matrix {
    let d = columns
    guard d > 0, rows > 0 else {
      return Matrix(validatedRows: d, columns: d, elements: [Double](repeating: 0, count: d * d))
    }
    let blockRows = max(64, (1 << 19) / d)
    let blockCount = (rows + blockRows - 1) / blockRows
    let withinBlocks = BLASThreading.threadCount > 1
    let workers = withinBlocks ? 1 : min(blockCount, ParallelLoop.coreCount)
    var partials = [Double](repeating: 0, count: workers * d * d)
    let rows = self.rows
    elements.withUnsafeBufferPointer { source in
      partials.withUnsafeMutableBufferPointer { storage in
        let input = DisjointWriteBuffer(UnsafeMutableBufferPointer(mutating: source))
        let sums = DisjointWriteBuffer(storage)
        ParallelLoop.forEachChunk(of: 0..<workers, chunksPerCore: 1) { assigned in
          for worker in assigned {
            var scratch = [Double](repeating: 0, count: min(blockRows, rows) * d)
            scratch.withUnsafeMutableBufferPointer { buffer in
              for block in stride(from: worker, to: blockCount, by: workers) {
                let start = block * blockRows
                let count = min(blockRows, rows - start)
                Matrix.subtract(
                  mean, fromRows: count, columns: d, of: input.baseAddress + start * d,
                  into: buffer.baseAddress!, parallel: withinBlocks)
                BLAS.syrkUpper(
                  transpose: true, n: d, k: count, alpha: scale, a: buffer.baseAddress!, lda: d,
                  beta: 1, c: sums.baseAddress + worker * d * d, ldc: d)
              }
            }
          }
        }
      }
    }
    var gram = Matrix(validatedRows: d, columns: d, elements: Array(partials[0..<(d * d)]))
    for worker in 1..<workers {
      for index in 0..<(d * d) { gram.elements[index] += partials[worker * d * d + index] }
    }
    gram.withUnsafeMutableStorage { Matrix.mirrorUpperTriangle($0, n: d, ld: d, rowRange: 0..<d) }
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
