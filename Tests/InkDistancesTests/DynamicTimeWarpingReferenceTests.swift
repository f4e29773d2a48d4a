import DuctusTestSupport
import Foundation
import InkDistances
import InkSampling
import Testing

@Suite("Dynamic time warping against dtaidistance and tslearn")
struct DynamicTimeWarpingReferenceTests {
  let fixture: DTWFixture.Cases

  init() throws {
    fixture = try DTWFixture.load("cases.json", as: DTWFixture.Cases.self)
  }

  @Test func distancesMatchThePeers() throws {
    #expect(fixture.cases.count > 40)
    for reference in fixture.cases {
      let got = try reference.dtw.distance(reference.first.buffer, reference.second.buffer)
      #expect(DTWFixture.close(got, reference.distance), "\(reference.name): \(got)")
    }
  }

  @Test func pathsMatchTslearn() throws {
    for reference in fixture.cases {
      guard let path = reference.path else { continue }
      let alignment = try reference.dtw.alignment(reference.first.buffer, reference.second.buffer)
      #expect(DTWFixture.close(alignment.distance, reference.distance), "\(reference.name)")
      #expect(alignment.path.firstIndices == path.first, "\(reference.name)")
      #expect(alignment.path.secondIndices == path.second, "\(reference.name)")
    }
  }

  /// The eight-lane kernel (three equal-length columns) gives the same distances.
  @Test func laneKernelMatchesThePeers() throws {
    for reference in fixture.cases {
      let second = reference.second.buffer
      let matrix = try reference.dtw.distanceMatrix(
        rows: [reference.first.buffer], columns: [second, second, second])
      for column in 0..<3 {
        #expect(DTWFixture.close(matrix[0, column], reference.distance), "\(reference.name)")
      }
    }
  }

  @Test func abandoningMatchesDtaidistanceMaxDist() throws {
    let dtw = DynamicTimeWarping()
    for reference in fixture.abandon {
      let got = try dtw.distance(
        reference.first.buffer, reference.second.buffer, abandoningAbove: reference.threshold)
      #expect(DTWFixture.close(got, reference.distance ?? .infinity), "\(reference.name): \(got)")
      let lanes = try dtw.distanceMatrix(
        rows: [reference.first.buffer],
        columns: [reference.second.buffer, reference.second.buffer],
        abandoningAbove: reference.threshold)
      #expect(DTWFixture.close(lanes[0, 1], reference.distance ?? .infinity), "\(reference.name)")
    }
  }

  @Test func subsequenceMatchesTslearn() throws {
    let dtw = DynamicTimeWarping(openBegin: true, openEnd: true)
    for reference in fixture.subsequence {
      let alignment = try dtw.alignment(reference.first.buffer, reference.second.buffer)
      #expect(DTWFixture.close(alignment.distance, reference.distance), "\(reference.name)")
      #expect(alignment.path.firstIndices == reference.path.first, "\(reference.name)")
      #expect(alignment.path.secondIndices == reference.path.second, "\(reference.name)")
      #expect(alignment.matchedRange == reference.path.second[0]...reference.path.second.last!)
      let distance = try dtw.distance(reference.first.buffer, reference.second.buffer)
      #expect(DTWFixture.close(distance, reference.distance), "\(reference.name)")
      let matrix = try dtw.distanceMatrix(
        rows: [reference.first.buffer], columns: [reference.second.buffer, reference.second.buffer])
      #expect(DTWFixture.close(matrix[0, 1], reference.distance), "\(reference.name)")
      let above = try dtw.distance(
        reference.first.buffer, reference.second.buffer, abandoningAbove: distance * 1.001)
      #expect(above == distance)
      let below = try dtw.distance(
        reference.first.buffer, reference.second.buffer, abandoningAbove: distance * 0.999)
      #expect(below == .infinity)
    }
  }

  @Test func lbKeoghMatchesTslearn() throws {
    let dtw = DynamicTimeWarping(channels: [.x])
    for reference in fixture.lbKeogh {
      let bound = try dtw.lowerBoundKeogh(
        reference.first.buffer, reference.second.buffer, radius: reference.radius)
      #expect(DTWFixture.close(bound, reference.lowerBound), "\(reference.name): \(bound)")
      #expect(bound <= reference.distance)
    }
  }

  @Test func distanceMatrixMatchesDtaidistance() throws {
    let series = fixture.pairwise.series.map(\.buffer)
    let matrix = try DynamicTimeWarping().distanceMatrix(series)
    for i in series.indices {
      for j in series.indices {
        #expect(DTWFixture.close(matrix[i, j], fixture.pairwise.matrix[i][j]), "(\(i), \(j))")
      }
    }
  }

  @Test func dbaMatchesTslearn() throws {
    let fixture = try DTWFixture.load("dba.json", as: DTWFixture.Barycenters.self)
    for reference in fixture.cases {
      let dba = DTWBarycenterAveraging(
        maxIterations: reference.maxIterations, tolerance: reference.tolerance)
      let result = try dba.average(of: reference.series.map(\.buffer)).barycenter
      #expect(result.count == reference.barycenter.xs.count)
      for (got, expected) in zip(
        result.xs + result.ys, reference.barycenter.xs + reference.barycenter.ys)
      {
        #expect(DTWFixture.close(got, expected), "\(reference.name): \(got) vs \(expected)")
      }
    }
  }

  @Test(
    .enabled(if: SharedData.isAvailable, Comment(rawValue: SharedData.skipMessage)))
  func dollarGesturesMatchTslearn() throws {
    let fixture = try DTWFixture.load("dollar.json", as: DTWFixture.Dollar.self)
    let strokes = try fixture.files.map {
      try DTWFixture.dollarGesture(SharedData.url("datasets/\($0)"))
    }
    let plain = try DynamicTimeWarping().distanceMatrix(strokes)
    let banded = try DynamicTimeWarping(constraint: .sakoeChiba(radius: 5)).distanceMatrix(strokes)
    for i in strokes.indices {
      for j in strokes.indices {
        #expect(DTWFixture.close(plain[i, j], fixture.matrix[i][j]), "(\(i), \(j))")
        #expect(DTWFixture.close(banded[i, j], fixture.sakoeChiba5[i][j]), "(\(i), \(j))")
      }
    }
    let alignment = try DynamicTimeWarping().alignment(strokes[0], strokes[2])
    #expect(DTWFixture.close(alignment.distance, fixture.path02.distance))
    #expect(alignment.path.firstIndices == fixture.path02.first)
    #expect(alignment.path.secondIndices == fixture.path02.second)
  }
}
