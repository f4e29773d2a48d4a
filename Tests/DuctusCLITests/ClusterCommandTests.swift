import DuctusTestSupport
import Foundation
import InkClustering
import InkFormats
import InkSampling
import Testing

/// `ductus cluster` end to end: a k-means run that reproduces scikit-learn's labels from a
/// `.npy` feature table and a start, k-medoids and hierarchical clustering of a precomputed
/// matrix with a sidecar of keys, DBSCAN and HDBSCAN (features and a precomputed matrix) with
/// scikit-learn's labels and noise, mini-batch k-means near scikit-learn's inertia, a labelled
/// corpus, DTW k-means and k-Shape of a corpus as the library clusters its resampled drawings,
/// and the exit codes of its failures.
@Suite struct ClusterCommandTests {
  struct KMeansCase: Decodable {
    let points: Int
    let dimensions: Int
    let k: Int
    let tolerance: Double
    let data: [Double]
    let `init`: [Double]
    let labels: [Int]
    let inertia: Double
    let iterations: Int
  }

  struct Cases: Decodable { let cases: [KMeansCase] }

  struct DBSCANCase: Decodable {
    let points: Int
    let dimensions: Int
    let metric: String
    let eps: Double
    let minSamples: Int
    let data: [Double]
    let labels: [Int]
  }

  struct DBSCANCases: Decodable { let cases: [DBSCANCase] }

  struct HDBSCANCase: Decodable {
    let points: Int
    let dimensions: Int
    let metric: String
    let minClusterSize: Int
    let minSamples: Int?
    let selection: String
    let data: [Double]
    let stableLabels: [Int]
  }

  struct HDBSCANCases: Decodable { let cases: [HDBSCANCase] }

  struct MiniBatchFit: Decodable {
    let points: Int
    let dimensions: Int
    let k: Int
    let batchSize: Int
    let data: [Double]
    let inertia: Double
  }

  struct MiniBatchFile: Decodable {
    struct Cases: Decodable { let fit: MiniBatchFit }
    let cases: Cases
  }

  private func writeMatrix(_ values: [Double], shape: [Int], to url: URL) throws {
    try NpyArray(shape: shape, values: values).dataRepresentation().write(to: url)
  }

  /// `ductus cluster` k-means of a fixture case's points, written as a `.npy` in `folder`, from
  /// its start, with the JSON summary and the extra arguments.
  private func runKMeans(_ c: KMeansCase, in folder: URL, _ extra: String...) throws
    -> DuctusProcess.Outcome
  {
    let features = folder.appendingPathComponent("features.npy")
    let start = folder.appendingPathComponent("start.npy")
    try writeMatrix(c.data, shape: [c.points, c.dimensions], to: features)
    try writeMatrix(c.`init`, shape: [c.k, c.dimensions], to: start)
    return try DuctusProcess.run(
      [
        "cluster", features.path, "--method", "kmeans", "--k", String(c.k), "--init", start.path,
        "--format", "json",
      ] + extra)
  }

  @Test func helpIsGeneratedFromTheDeclaration() throws {
    #expect(try Snapshot.check("help-cluster", ["help", "cluster"]).exitCode == 0)
  }

  @Test func kmeansFromANpyTableAndAStartGivesScikitLearnsLabels() throws {
    let c = try Fixture.decode(Cases.self, from: "clustering/kmeans.json").cases[1]
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let labels = folder.appendingPathComponent("labels.csv")
    let run = try runKMeans(c, in: folder, "--tol", String(c.tolerance), "-o", labels.path)
    #expect(run.exitCode == 0, "\(run.standardError)")
    let lines = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "key,cluster")
    #expect(
      lines.dropFirst().map { String($0) } == c.labels.indices.map { "\($0),\(c.labels[$0])" })
    let summary =
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as! [String: Any]
    #expect(summary["method"] as? String == "kmeans")
    #expect(summary["iterations"] as? Int == c.iterations)
    let inertia = try #require(summary["inertia"] as? Double)
    #expect(abs(inertia - c.inertia) <= 1e-9 * c.inertia)
  }

  @Test func kmeansWithNoIterationsIsTheAssignmentStepToTheGivenCentres() throws {
    let c = try Fixture.decode(Cases.self, from: "clustering/kmeans.json").cases[1]
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let labels = folder.appendingPathComponent("labels.csv")
    let run = try runKMeans(c, in: folder, "--max-iter", "0", "-o", labels.path, "--no-scores")
    #expect(run.exitCode == 0, "\(run.standardError)")
    let nearest = (0..<c.points).map { i in
      (0..<c.k).min { a, b in
        let distance = { (j: Int) in
          (0..<c.dimensions).reduce(0.0) { sum, column in
            let difference = c.data[i * c.dimensions + column] - c.`init`[j * c.dimensions + column]
            return sum + difference * difference
          }
        }
        return distance(a) < distance(b)
      }!
    }
    let lines = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n")
    #expect(lines.dropFirst().map { String($0) } == nearest.indices.map { "\($0),\(nearest[$0])" })
    #expect(nearest != c.labels, "the start is not already the answer")
    let summary =
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as! [String: Any]
    #expect(summary["iterations"] as? Int == 0)
  }

  @Test(arguments: ["dtw-kmeans", "kshape"])
  func seriesMethodsClusterTheResampledDrawingsAsTheLibraryDoes(method: String) throws {
    let corpus = "Datasets/samples/samples.ndjson"
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let resampled = folder.appendingPathComponent("series.npy")
    let resample = try DuctusProcess.run([
      "resample", corpus, "--resample", "16", "--normalize", "unit", "-o", resampled.path,
    ])
    #expect(resample.exitCode == 0, "\(resample.standardError)")
    let array = try NpyArray(data: Data(contentsOf: resampled))
    #expect(array.shape == [5, 16, 2])
    let series = (0..<5).map { row in
      let points = Array(array.values[row * 32..<(row + 1) * 32])
      return SampleBuffer(
        xs: stride(from: 0, to: 32, by: 2).map { points[$0] },
        ys: stride(from: 1, to: 32, by: 2).map { points[$0] })
    }
    let start = folder.appendingPathComponent("start.npy")
    try writeMatrix(Array(array.values[32..<96]), shape: [2, 16, 2], to: start)
    let labels = folder.appendingPathComponent("labels.csv")
    let run = try DuctusProcess.run([
      "cluster", corpus, "--method", method, "--k", "2", "--resample", "16", "--init", start.path,
      "-o", labels.path, "--format", "json",
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let expected =
      method == "kshape"
      ? try KShape(clusterCount: 2).fit(series, initialCentres: Array(series[1...2]))
      : try TimeSeriesKMeans(clusterCount: 2).fit(series, initialCentres: Array(series[1...2]))
    let lines = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n")
    #expect(
      lines.dropFirst().map { $0.split(separator: ",").last! }
        == expected.labels.map {
          Substring(String($0))
        })
    let summary =
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as! [String: Any]
    #expect(summary["method"] as? String == method)
    #expect(summary["iterations"] as? Int == expected.iterations)
    let inertia = try #require(summary["inertia"] as? Double)
    #expect(abs(inertia - expected.inertia) <= 1e-12 * max(1, expected.inertia))
    // Two equal starting centres leave the second cluster empty: malformed input.
    try writeMatrix(
      Array(array.values[32..<64]) + array.values[32..<64], shape: [2, 32], to: start)
    let empty = try DuctusProcess.run([
      "cluster", corpus, "--method", method, "--k", "2", "--resample", "16", "--init", start.path,
      "-o", "-",
    ])
    #expect(empty.exitCode == 65)
    #expect(empty.standardError.contains("cluster 1 was left empty"), "\(empty.standardError)")
  }

  @Test func kmedoidsByDTWMatchesKmedoidsOfTheDTWMatrix() throws {
    let corpus = "Datasets/samples/samples.ndjson"
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let matrix = folder.appendingPathComponent("d.npy")
    let distances = try DuctusProcess.run([
      "distances", corpus, "--resample", "16", "--normalize", "unit", "--window", "2", "-o",
      matrix.path,
    ])
    #expect(distances.exitCode == 0, "\(distances.standardError)")
    func clusters(_ arguments: [String]) throws -> (labels: [Substring], summary: [String: Any]) {
      let labels = folder.appendingPathComponent("labels.csv")
      let run = try DuctusProcess.run(
        ["cluster"] + arguments + [
          "--method", "kmedoids", "--k", "2", "--seed", "1", "-o", labels.path, "--format", "json",
        ])
      #expect(run.exitCode == 0, "\(run.standardError)")
      let lines = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n")
      return (
        lines.dropFirst().map { $0.split(separator: ",").last! },
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as! [String: Any]
      )
    }
    let onDemand = try clusters([
      corpus, "--metric", "dtw", "--window", "2", "--resample", "16", "--normalize", "unit",
    ])
    let whole = try clusters([matrix.path, "--precomputed"])
    #expect(onDemand.labels == whole.labels)
    #expect(onDemand.labels.count == 5)
    #expect(onDemand.summary["loss"] as? Double == whole.summary["loss"] as? Double)
    #expect(onDemand.summary["metric"] as? String == "dtw")
    #expect(onDemand.summary["window"] as? Int == 2)
    let pruning = try #require(onDemand.summary["pruning"] as? [String: Int])
    #expect(Set(pruning.keys) == ["prunedByKim", "prunedByKeogh", "abandoned", "computed"])
    #expect(pruning.values.reduce(0, +) >= 5 * 2)
    #expect((onDemand.summary["scores"] as? [String: Any])?["silhouette"] == nil)
  }

  @Test func dbscanFromANpyTableGivesScikitLearnsLabelsAndNoise() throws {
    let c = try Fixture.decode(DBSCANCases.self, from: "clustering/dbscan.json").cases[0]
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let features = folder.appendingPathComponent("features.npy")
    try writeMatrix(c.data, shape: [c.points, c.dimensions], to: features)
    let labels = folder.appendingPathComponent("labels.csv")
    let run = try DuctusProcess.run([
      "cluster", features.path, "--method", "dbscan", "--eps", String(c.eps), "--min-samples",
      String(c.minSamples), "-o", labels.path, "--format", "json",
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let lines = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n")
    #expect(
      lines.dropFirst().map { String($0) } == c.labels.indices.map { "\($0),\(c.labels[$0])" })
    let summary =
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as! [String: Any]
    #expect(summary["method"] as? String == "dbscan")
    #expect(summary["noise"] as? Int == c.labels.filter { $0 < 0 }.count)
    #expect(summary["k"] as? Int == c.labels.max()! + 1)
    #expect((summary["clusters"] as? [Any])?.count == c.labels.max()! + 1)
  }

  @Test func hdbscanOfFeaturesAndOfAPrecomputedMatrixGivesScikitLearnsLabels() throws {
    let cases = try Fixture.decode(HDBSCANCases.self, from: "clustering/hdbscan.json").cases
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    for c in [cases[1], cases[5]] {
      let input = folder.appendingPathComponent("input.npy")
      var arguments = [
        "cluster", input.path, "--method", "hdbscan", "--min-cluster-size",
        String(c.minClusterSize), "--cluster-selection", c.selection,
      ]
      if let minSamples = c.minSamples { arguments += ["--min-samples", String(minSamples)] }
      if c.metric == "cityblock" {
        var square = [Double](repeating: 0, count: c.points * c.points)
        for i in 0..<c.points {
          for j in 0..<c.points {
            for k in 0..<c.dimensions {
              square[i * c.points + j] += abs(
                c.data[i * c.dimensions + k] - c.data[j * c.dimensions + k])
            }
          }
        }
        try writeMatrix(square, shape: [c.points, c.points], to: input)
        arguments.append("--precomputed")
      } else {
        try writeMatrix(c.data, shape: [c.points, c.dimensions], to: input)
      }
      let labels = folder.appendingPathComponent("labels.csv")
      let run = try DuctusProcess.run(arguments + ["-o", labels.path, "--format", "json"])
      #expect(run.exitCode == 0, "\(run.standardError)")
      let lines = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n")
      #expect(
        lines.dropFirst().map { String($0) }
          == c.stableLabels.indices.map { "\($0),\(c.stableLabels[$0])" })
      let summary =
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as! [String: Any]
      #expect(summary["method"] as? String == "hdbscan")
      #expect(summary["clusterSelection"] as? String == c.selection)
      #expect(summary["noise"] as? Int == c.stableLabels.filter { $0 < 0 }.count)
      #expect(summary["k"] as? Int == c.stableLabels.max()! + 1)
    }
  }

  @Test func minibatchKMeansReachesScikitLearnsInertia() throws {
    let c = try Fixture.decode(MiniBatchFile.self, from: "clustering/minibatch.json").cases.fit
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let features = folder.appendingPathComponent("features.npy")
    try writeMatrix(c.data, shape: [c.points, c.dimensions], to: features)
    // With --no-scores the table is read in place, a batch at a time; with scores, into memory.
    var summaries: [[String: Any]] = []
    var labelFiles: [String] = []
    for scores in [false, true] {
      let labels = folder.appendingPathComponent("labels-\(scores).csv")
      let run = try DuctusProcess.run(
        [
          "cluster", features.path, "--method", "minibatch-kmeans", "--k", String(c.k),
          "--batch-size", String(c.batchSize), "--seed", "2", "-o", labels.path, "--format",
          "json",
        ] + (scores ? [] : ["--no-scores"]))
      #expect(run.exitCode == 0, "\(run.standardError)")
      summaries.append(
        try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as! [String: Any])
      labelFiles.append(try String(contentsOf: labels, encoding: .utf8))
    }
    let summary = summaries[0]
    #expect(summary["method"] as? String == "minibatch-kmeans")
    #expect(summary["batchSize"] as? Int == c.batchSize)
    #expect(summary["features"] as? Int == c.dimensions)
    let inertia = try #require(summary["inertia"] as? Double)
    #expect(inertia <= c.inertia * 1.02)
    #expect(labelFiles[0] == labelFiles[1])
    #expect(summaries[1]["inertia"] as? Double == inertia)
    #expect(
      (summary["clusters"] as? [[String: Any]])?.map { $0["representative"] as? String }
        == (summaries[1]["clusters"] as? [[String: Any]])?.map {
          $0["representative"] as? String
        })
    // A value that is not finite is named before any work, in place as in memory.
    var poisoned = c.data
    poisoned[7 * c.dimensions + 1] = .nan
    try writeMatrix(poisoned, shape: [c.points, c.dimensions], to: features)
    for scores in [false, true] {
      let run = try DuctusProcess.run(
        ["cluster", features.path, "--method", "minibatch-kmeans", "--k", "2", "-o", "-"]
          + (scores ? [] : ["--no-scores"]))
      #expect(run.exitCode == 65)
      #expect(
        run.standardError.contains("features.npy: value \(7 * c.dimensions + 1)"),
        "\(run.standardError)")
      #expect(run.standardError.contains("is nan, not a number"), "\(run.standardError)")
    }
  }

  @Test func precomputedMatrixWithSidecarKeys() throws {
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Two groups on a line: 0, 1, 2 and 10, 11.
    let positions: [Double] = [0, 1, 2, 10, 11]
    let matrix = folder.appendingPathComponent("d.npy")
    try writeMatrix(
      positions.flatMap { a in positions.map { abs(a - $0) } }, shape: [5, 5], to: matrix)
    try Data(#"{"rowKeys":["a","b","c","d","e"]}"#.utf8)
      .write(to: folder.appendingPathComponent("d.npy.json"))
    let labels = folder.appendingPathComponent("labels.ndjson")
    let dendrogram = folder.appendingPathComponent("z.npy")
    let medoids = try DuctusProcess.run([
      "cluster", matrix.path, "--precomputed", "--method", "kmedoids", "--k", "2", "-o",
      labels.path, "--format", "json",
    ])
    #expect(medoids.exitCode == 0, "\(medoids.standardError)")
    let lines = try String(contentsOf: labels, encoding: .utf8).split(separator: "\n")
    let clusters = lines.map { $0.dropFirst(#"{"cluster":"#.count).prefix(1) }
    #expect(lines.count == 5 && lines[0].hasSuffix(#","key":"a"}"#))
    #expect(Set(clusters[0...2]).count == 1 && Set(clusters[3...4]).count == 1)
    #expect(clusters[0] != clusters[3])
    #expect(medoids.standardOutput.contains(#""loss":3,"#))
    let tree = try DuctusProcess.run([
      "cluster", matrix.path, "--precomputed", "--method", "hierarchical", "--linkage",
      "single", "--k", "2", "-o", "-", "--dendrogram", dendrogram.path,
    ])
    #expect(tree.exitCode == 0, "\(tree.standardError)")
    #expect(tree.standardOutput == "key,cluster\na,0\nb,0\nc,0\nd,1\ne,1\n")
    let z = try NpyArray(data: Data(contentsOf: dendrogram))
    #expect(z.shape == [4, 4])
    #expect(z.values == [0, 1, 1, 2, 2, 5, 1, 3, 3, 4, 1, 2, 6, 7, 8, 5])
  }

  @Test func float32AndFortranOrderMatricesClusterAsTheFloat64One() throws {
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    // Three groups on a line, distances exact in float32.
    let positions: [Double] = [0, 1, 2, 10, 11, 12.5, 30, 31, 33]
    let n = positions.count
    let square = positions.flatMap { a in positions.map { abs(a - $0) } }
    let double = folder.appendingPathComponent("double.npy")
    try writeMatrix(square, shape: [n, n], to: double)
    // The float32 file is read in place (mapped); the Fortran-order one is read into memory.
    let single = folder.appendingPathComponent("single.npy")
    try (NpyArray.header(shape: [n, n], elementByteCount: 4) + NpyArray.encodeFloat32(square))
      .write(to: single)
    let fortran = folder.appendingPathComponent("fortran.npy")
    var header = NpyArray.header(shape: [n, n])
    header.replaceSubrange(
      try #require(header.range(of: Data("'fortran_order': False".utf8))),
      with: Data("'fortran_order': True ".utf8))
    try (header + NpyArray.encode(square)).write(to: fortran)
    for method in [
      ["dbscan", "--eps", "2", "--min-samples", "2"], ["hdbscan", "--min-cluster-size", "2"],
      ["kmedoids", "--k", "3"], ["hierarchical", "--k", "3", "--linkage", "average"],
    ] {
      let outcomes = try [double, single, fortran].map { matrix in
        try DuctusProcess.run(
          ["cluster", matrix.path, "--precomputed", "--method"] + method + ["-o", "-"])
      }
      #expect(outcomes.allSatisfy { $0.exitCode == 0 }, "\(outcomes.map(\.standardError))")
      if method[0] == "dbscan" {
        #expect(
          outcomes[0].standardOutput
            == "key,cluster\n0,0\n1,0\n2,0\n3,1\n4,1\n5,1\n6,2\n7,2\n8,2\n", "\(method)")
      }
      #expect(outcomes.allSatisfy { $0.standardOutput == outcomes[0].standardOutput }, "\(method)")
    }
    var negative = square
    negative[1 * n + 2] = -1
    try (NpyArray.header(shape: [n, n], elementByteCount: 4) + NpyArray.encodeFloat32(negative))
      .write(to: single)
    let refused = try DuctusProcess.run([
      "cluster", single.path, "--precomputed", "--method", "dbscan", "--eps", "1", "-o", "-",
    ])
    #expect(refused.exitCode == 65)
    #expect(
      refused.standardError
        == "error: \(single.path): DBSCAN: value 11 (row 1, column 2) is -1.0, not a finite "
        + "distance ≥ 0\n")
  }

  @Test func hierarchicalClusteringRefusesACondensedMatrixLargerThanMemory() throws {
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A float32 matrix whose condensed float64 copy exceeds the machine's memory, as a sparse
    // file (its zeros take no disk): refused before anything is read or held.
    let memory = Double(ProcessInfo.processInfo.physicalMemory)
    let n = Int((2 * memory / 8).squareRoot()) + 1_000
    let matrix = folder.appendingPathComponent("huge.npy")
    let header = NpyArray.header(shape: [n, n], elementByteCount: 4)
    try header.write(to: matrix)
    let handle = try FileHandle(forWritingTo: matrix)
    try handle.truncate(atOffset: UInt64(header.count) + UInt64(n) * UInt64(n) * 4)
    try handle.close()
    let run = try DuctusProcess.run([
      "cluster", matrix.path, "--precomputed", "--method", "hierarchical", "--k", "2", "-o", "-",
    ])
    #expect(run.exitCode == 65)
    #expect(run.standardError.contains("hierarchical clustering of \(n) points holds"))
    #expect(run.standardError.contains("read a --precomputed matrix in place"))
  }

  @Test func npySidecarLabelsAreScoredAndTheirCountChecked() throws {
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let features = folder.appendingPathComponent("features.npy")
    try writeMatrix([0, 0, 0.1, 0, 10, 10, 10.1, 10, 0, 0.2], shape: [5, 2], to: features)
    let sidecar = features.appendingPathExtension("json")
    try Data(#"{"rowKeys":["p","q","r","s","t"],"rowLabels":["a","a","b","b","b"]}"#.utf8)
      .write(to: sidecar)
    let run = try DuctusProcess.run([
      "cluster", features.path, "--method", "kmeans", "--k", "2", "-o", "/dev/null",
      "--format", "json",
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let summary =
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as! [String: Any]
    let scores = try #require(summary["scores"] as? [String: Any])
    // t sits with the a's: labels a a b b b against clusters 0 0 1 1 0. scikit-learn gives
    // adjusted_rand_score 0.1666666667 and normalized_mutual_info_score 0.4325380678.
    let rand = try #require(scores["adjustedRand"] as? Double)
    let mutual = try #require(scores["normalizedMutualInformation"] as? Double)
    #expect(abs(rand - 0.16666666666666666) < 1e-9, "\(rand)")
    #expect(abs(mutual - 0.43253806776631243) < 1e-9, "\(mutual)")
    try Data(#"{"rowKeys":["p","q","r","s","t"],"rowLabels":["a","b"]}"#.utf8).write(to: sidecar)
    let short = try DuctusProcess.run([
      "cluster", features.path, "--method", "kmeans", "--k", "2", "-o", "/dev/null",
    ])
    #expect(short.exitCode == 65)
    #expect(short.standardError.contains("2 row labels for the 5 rows"), "\(short.standardError)")
  }

  @Test func labelledCorpusSummary() throws {
    #expect(
      try Snapshot.check(
        "cluster-corpus-text",
        [
          "cluster", "Datasets/samples/samples.ndjson", "--method", "hierarchical", "--k", "2",
          "-o", "/dev/null", "--format", "text",
        ]
      ).exitCode == 0)
  }

  @Test func pictureOfALabelledCorpusIsAGridWrittenAtomically() throws {
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let picture = folder.appendingPathComponent("grid.png")
    try Data("old".utf8).write(to: picture)
    let run = try DuctusProcess.run([
      "cluster", "Datasets/samples/samples.ndjson", "--method", "kmeans", "--k", "2", "-o",
      folder.appendingPathComponent("labels.csv").path, "--picture", picture.path,
    ])
    #expect(run.exitCode == 0, "\(run.standardError)")
    let png = [UInt8](try Data(contentsOf: picture))
    #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    func integer(at offset: Int) -> Int {
      png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
    }
    // Two rows of 96-pixel cells under 22-pixel titles; at least four cells across.
    #expect(integer(at: 16) == 4 * 96)
    #expect(integer(at: 20) == 2 * (22 + 96))
    // The old file was replaced whole, and no temporary file is left beside it.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        == ["grid.png", "labels.csv"])
    let npy = folder.appendingPathComponent("f.npy")
    try writeMatrix([0, 1, 2, 3], shape: [4, 1], to: npy)
    let refused = try DuctusProcess.run([
      "cluster", npy.path, "--method", "kmeans", "--k", "2", "-o", "-", "--picture",
      picture.path,
    ])
    #expect(refused.exitCode == 2)
    let unknown = try DuctusProcess.run([
      "cluster", "Datasets/samples/samples.ndjson", "--method", "kmeans", "--k", "2", "-o",
      "-", "--picture", folder.appendingPathComponent("grid.gif").path,
    ])
    #expect(unknown.exitCode == 2)
  }

  @Test func failuresExitWithTheDocumentedCodes() throws {
    let corpus = "Datasets/samples/samples.ndjson"
    let usage: [[String]] = [
      ["cluster", corpus, "--method", "kmeans", "-o", "-"],
      ["cluster", corpus, "--k", "2", "-o", "-"],
      ["cluster", corpus, "--method", "kmeans", "--k", "2"],
      ["cluster", corpus, "--method", "kmeans", "--k", "0", "-o", "-"],
      ["cluster", corpus, "--method", "kmeans", "--k", "2", "--max-iter", "0", "-o", "-"],
      ["cluster", corpus, "--method", "kmedoids", "--k", "2", "--max-iter", "0", "-o", "-"],
      ["cluster", corpus, "--method", "kmeans", "--k", "2", "--linkage", "ward", "-o", "-"],
      ["cluster", corpus, "--method", "hierarchical", "--k", "2", "--seed", "3", "-o", "-"],
      ["cluster", corpus, "--method", "kmedoids", "--k", "2", "--precomputed", "-o", "-"],
      ["cluster", corpus, "--method", "dbscan", "--k", "2", "--eps", "1", "-o", "-"],
      ["cluster", corpus, "--method", "dbscan", "-o", "-"],
      ["cluster", corpus, "--method", "dbscan", "--eps", "0", "-o", "-"],
      ["cluster", corpus, "--method", "dbscan", "--eps", "1", "--seed", "1", "-o", "-"],
      ["cluster", corpus, "--method", "kmeans", "--k", "2", "--eps", "1", "-o", "-"],
      ["cluster", corpus, "--method", "hdbscan", "--k", "2", "-o", "-"],
      ["cluster", corpus, "--method", "hdbscan", "--min-cluster-size", "1", "-o", "-"],
      ["cluster", corpus, "--method", "hdbscan", "--eps", "1", "-o", "-"],
      ["cluster", corpus, "--method", "hdbscan", "--cluster-selection", "best", "-o", "-"],
      ["cluster", corpus, "--method", "dbscan", "--eps", "1", "--allow-single-cluster", "-o", "-"],
      [
        "cluster", corpus, "--method", "minibatch-kmeans", "--k", "2", "--batch-size", "0", "-o",
        "-",
      ],
      ["cluster", "x.npy", "--method", "minibatch-kmeans", "--k", "2", "--precomputed", "-o", "-"],
      ["cluster", "x.npy", "--method", "dtw-kmeans", "--k", "2", "-o", "-"],
      ["cluster", corpus, "--method", "kshape", "--k", "2", "--linkage", "ward", "-o", "-"],
      ["cluster", corpus, "--method", "dtw-kmeans", "--k", "2", "--tol", "-1", "-o", "-"],
      ["cluster", corpus, "--method", "kmedoids", "--k", "2", "--window", "2", "-o", "-"],
      [
        "cluster", corpus, "--method", "kmedoids", "--k", "2", "--metric", "dtw", "--window",
        "-1", "-o", "-",
      ],
      ["cluster", "x.npy", "--method", "kmedoids", "--k", "2", "--metric", "dtw", "-o", "-"],
      ["cluster", corpus, "--method", "kmeans", "--k", "2", "--metric", "dtw", "-o", "-"],
    ]
    for arguments in usage {
      let run = try DuctusProcess.run(arguments)
      #expect(run.exitCode == 2, "\(arguments): \(run.standardError)")
    }
    let missing = try DuctusProcess.run([
      "cluster", "nope.npy", "--method", "kmeans", "--k", "2", "-o", "-",
    ])
    #expect(missing.exitCode == 66)
    let folder = try makeTemporaryFolder("cluster")
    defer { try? FileManager.default.removeItem(at: folder) }
    let oblong = folder.appendingPathComponent("oblong.npy")
    try writeMatrix([0, 1, 2, 3, 4, 5], shape: [2, 3], to: oblong)
    let notSquare = try DuctusProcess.run([
      "cluster", oblong.path, "--precomputed", "--method", "kmedoids", "--k", "1", "-o", "-",
    ])
    #expect(notSquare.exitCode == 65)
    #expect(notSquare.standardError.contains("a distance matrix must be square"))
    let tooMany = try DuctusProcess.run([
      "cluster", oblong.path, "--method", "kmeans", "--k", "3", "-o", "-",
    ])
    #expect(tooMany.exitCode == 65)
    #expect(
      tooMany.standardError
        == "error: \(oblong.path): k-means: k = 3 is not between 1 and the 2 points\n")
  }
}
