import DuctusTestSupport
import Foundation
import InkDistances
import InkFormats
import InkSampling
import InkTracing
import Testing

@Suite("ductus distances: whole, against, tiles and stitching")
struct DistancesCommandTests {
  let corpus = SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/samples.ndjson")
    .path

  func matrix(_ url: URL) throws -> NpyArray {
    try NpyArray(data: Data(contentsOf: url))
  }

  /// The paths of the `k(k + 1)/2` tiles of the sample corpus's all-pairs job, computed with
  /// `options` into `folder`, row by row.
  func tiles(_ k: Int, in folder: URL, _ options: [String]) throws -> [String] {
    var paths: [String] = []
    for r in 0..<k {
      for c in r..<k {
        let path = folder.appendingPathComponent("tile-\(r)-\(c).npy").path
        let run = try DuctusProcess.run(
          ["distances", corpus, "--tile", "\(r),\(c)", "--tiles", "\(k)", "-o", path] + options)
        #expect(run.exitCode == 0, "\(run.standardError)")
        paths.append(path)
      }
    }
    return paths
  }

  @Test func wholeMatrixMatchesTheLibrary() throws {
    let folder = try makeTemporaryFolder("distances")
    defer { try? FileManager.default.removeItem(at: folder) }
    let out = folder.appendingPathComponent("all.npy")
    let run = try DuctusProcess.run(["distances", corpus, "--resample", "32", "-o", out.path])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let result = try matrix(out)
    var records = try InkFileFormat.openCorpus(at: URL(fileURLWithPath: corpus))
    var series: [SampleBuffer] = []
    while let record = try records.next() {
      series.append(try CorpusSeriesOptions(points: 32).series(of: record.drawing))
    }
    #expect(result.shape == [series.count, series.count])
    let dtw = DynamicTimeWarping()
    for i in series.indices {
      for j in series.indices {
        let expected = i == j ? 0 : try dtw.distance(series[i], series[j])
        #expect(abs(result.values[i * series.count + j] - expected) <= 1e-9 * max(1, expected))
      }
    }
    let sidecar =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: folder.appendingPathComponent("all.npy.json"))) as! [String: Any]
    #expect(sidecar["metric"] as? String == "dtw")
    #expect((sidecar["rowKeys"] as? [String])?.count == series.count)
  }

  @Test(arguments: ["dtw", "frechet", "euclidean"])
  func tilesStitchToTheWholeMatrix(metric: String) throws {
    let folder = try makeTemporaryFolder("distances")
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = folder.appendingPathComponent("whole.npy").path
    let common = ["--metric", metric, "--resample", "24"]
    #expect(try DuctusProcess.run(["distances", corpus, "-o", whole] + common).exitCode == 0)
    let tilePaths = try tiles(2, in: folder, common)
    let stitched = folder.appendingPathComponent("stitched.npy").path
    let run = try DuctusProcess.run(["distances", "--stitch", "-o", stitched] + tilePaths)
    #expect(run.exitCode == 0, "\(run.standardError)")
    // BLAS may sum a block in another order than the whole: agree to rounding.
    let a = try matrix(URL(fileURLWithPath: stitched))
    let b = try matrix(URL(fileURLWithPath: whole))
    #expect(a.shape == b.shape)
    #expect(zip(a.values, b.values).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) })
    let missing = try DuctusProcess.run(
      ["distances", "--stitch", "-o", stitched] + Array(tilePaths.dropLast()))
    #expect(missing.exitCode == 66)
    #expect(missing.standardError.contains("missing tiles 1,1"))
  }

  @Test func float32TilesStitchToTheWholeMatrix() throws {
    let folder = try makeTemporaryFolder("distances")
    defer { try? FileManager.default.removeItem(at: folder) }
    let whole = folder.appendingPathComponent("whole.npy").path
    let common = ["--resample", "24", "--dtype", "float32"]
    #expect(try DuctusProcess.run(["distances", corpus, "-o", whole] + common).exitCode == 0)
    let header = try NpyHeader(data: Data(contentsOf: URL(fileURLWithPath: whole)))
    #expect(header.elementByteCount == 4)
    // Three tiles a side over five records: the rows of the last come from two mirrored tiles.
    let tilePaths = try tiles(3, in: folder, common)
    let stitched = folder.appendingPathComponent("stitched.npy").path
    let run = try DuctusProcess.run(
      ["distances", "--stitch", "-o", stitched] + tilePaths.reversed())
    #expect(run.exitCode == 0, "\(run.standardError)")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: stitched))
        == Data(contentsOf: URL(fileURLWithPath: whole)))
    let widened = folder.appendingPathComponent("widened.npy").path
    let wide = try DuctusProcess.run(
      ["distances", "--stitch", "--dtype", "float64", "-o", widened] + tilePaths)
    #expect(wide.exitCode == 0, "\(wide.standardError)")
    #expect(
      try matrix(URL(fileURLWithPath: widened)) == matrix(URL(fileURLWithPath: whole)))
    let twice = try DuctusProcess.run(
      ["distances", "--stitch", "-o", widened] + tilePaths + [tilePaths[0]])
    #expect(twice.exitCode == 65)
    #expect(twice.standardError == "error: \(tilePaths[0]): tile 0,0 is given twice\n")
    let text = try DuctusProcess.run(["distances", corpus, "--dtype", "float32"])
    #expect(text.exitCode == 2)
  }

  /// A tile whose values were damaged (a NaN written into it) or that is no `.npy` at all is
  /// refused naming the file, and nothing is written.
  @Test func aDamagedTileIsRefusedNamingTheFile() throws {
    let folder = try makeTemporaryFolder("distances")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tile = folder.appendingPathComponent("tile.npy").path
    let made = try DuctusProcess.run(
      ["distances", corpus, "--tile", "0,0", "--tiles", "1", "-o", tile, "--resample", "24"])
    try #require(made.exitCode == 0, "\(made.standardError)")
    var bytes = try Data(contentsOf: URL(fileURLWithPath: tile))
    let nan = withUnsafeBytes(of: Double.nan.bitPattern.littleEndian) { Array($0) }
    bytes.replaceSubrange((bytes.count - 16)..<(bytes.count - 8), with: nan)
    try bytes.write(to: URL(fileURLWithPath: tile))
    let stitched = folder.appendingPathComponent("all.npy").path
    let damaged = try DuctusProcess.run(["distances", "--stitch", "-o", stitched, tile])
    #expect(damaged.exitCode == 65)
    let count = try matrix(URL(fileURLWithPath: tile)).values.count
    #expect(
      damaged.standardError
        == "error: \(tile): value \(count - 2) is nan, which is not a finite number, and ductus "
        + "writes no NaN or infinity\n")
    try Data("not an array".utf8).write(to: URL(fileURLWithPath: tile))
    let broken = try DuctusProcess.run(["distances", "--stitch", "-o", stitched, tile])
    #expect(broken.exitCode == 65)
    #expect(broken.standardError.hasPrefix("error: \(tile): at byte 0: not a .npy file"))
    #expect(!FileManager.default.fileExists(atPath: stitched))
  }

  @Test func againstAnotherCorpusAndTextFormats() throws {
    let one = SharedData.repositoryRoot.appendingPathComponent("Datasets/samples/star.json").path
    let csv = try DuctusProcess.run(
      ["distances", corpus, "--against", one, "--format", "csv", "--metric", "hausdorff"])
    #expect(csv.exitCode == 0)
    let lines = csv.standardOutput.split(separator: "\n")
    #expect(lines.first == "key,star")
    #expect(lines.contains("star,0"))
    let pairs = try DuctusProcess.run(["distances", corpus, "--format", "ndjson"])
    let first =
      try JSONSerialization.jsonObject(
        with: Data(pairs.standardOutput.split(separator: "\n")[0].utf8)) as! [String: Any]
    #expect(first["i"] as? Int == 0 && first["j"] as? Int == 1)
  }

  /// `--nearest K` lists, for each record, the K nearest of the whole matrix's row (ties by
  /// the earlier record) and says on standard error how much the bounds pruned.
  @Test func nearestNeighboursEqualTheMatrixRows() throws {
    let common = ["distances", corpus, "--resample", "32", "--window", "4"]
    let matrixRun = try DuctusProcess.run(common + ["--format", "csv"])
    #expect(matrixRun.exitCode == 0, "\(matrixRun.standardError)")
    let rows = matrixRun.standardOutput.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",").dropFirst().map { Double($0)! }
    }
    let k = 3
    let run = try DuctusProcess.run(common + ["--nearest", "\(k)"])
    #expect(run.exitCode == 0, "\(run.standardError)")
    #expect(run.standardError.contains("the lower bounds pruned"))
    let lines = run.standardOutput.split(separator: "\n")
    #expect(lines.count == rows.count)
    for (i, line) in lines.enumerated() {
      let record = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
      let neighbors = record["neighbors"] as! [[String: Any]]
      let expected = rows[i].indices.filter { $0 != i }.sorted {
        (rows[i][$0], $0) < (rows[i][$1], $1)
      }.prefix(k)
      #expect(record["i"] as? Int == i)
      #expect(neighbors.map { $0["j"] as! Int } == Array(expected))
    }
    let wrongMetric = try DuctusProcess.run(
      ["distances", corpus, "--nearest", "2", "--metric", "frechet"])
    #expect(wrongMetric.exitCode == 2)
    let tooMany = try DuctusProcess.run(common + ["--nearest", "\(rows.count)"])
    #expect(tooMany.exitCode == 65)
  }

  @Test func usageErrors() throws {
    let unequal = try DuctusProcess.run(
      ["distances", corpus, "--metric", "euclidean", "--resample", "none", "--format", "csv"])
    #expect(unequal.exitCode == 65)
    #expect(unequal.standardError.contains("equal length"))
    let badTile = try DuctusProcess.run(
      ["distances", corpus, "--tile", "1,0", "--tiles", "2", "-o", "/tmp/x.npy"])
    #expect(badTile.exitCode == 2)
    let noTiles = try DuctusProcess.run(["distances", corpus, "--tile", "0,0", "-o", "/tmp/x.npy"])
    #expect(noTiles.exitCode == 2)
  }
}
