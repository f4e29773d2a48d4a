import InkDistances
import InkFeatures
import InkSampling

extension SignatureMatcher {
  /// The DBA of the matcher's joint alignment: the compared functions, the Euclidean local cost,
  /// the band of ``bandFraction`` of the longer series of each pair, ten iterations without a
  /// convergence stop, the barycentre first in each alignment.
  var barycenterAveraging: DTWBarycenterAveraging {
    DTWBarycenterAveraging(
      dtw: DynamicTimeWarping(
        channels: comparedFunctions.map(SampleChannel.init), localCost: .euclidean),
      maxIterations: SignatureMeanTemplate.iterations, stopsAtConvergence: false,
      bandFraction: bandFraction)
  }

  /// The medoid of `members` (positions among some signatures): the one whose joint distances
  /// to the other members, `joint(i, j)`, sum least; the first of equal ones.
  static func medoid(of members: [Int], joint: (Int, Int) -> Double) -> Int {
    var best = (member: members[0], sum: Double.infinity)
    for i in members {
      var sum = 0.0
      for j in members where j != i { sum += joint(i, j) }
      if sum < best.sum { best = (i, sum) }
    }
    return best.member
  }

  /// The DBA barycentre of `members` of `signatures`, started from their medoid under the joint
  /// distances `joint(i, j)` (asked for members only).
  func barycentre(
    of members: [Int], _ signatures: [PreparedSignature], joint: (Int, Int) -> Double
  ) -> PreparedSignature {
    let start = Self.medoid(of: members, joint: joint)
    do {
      let average = try barycenterAveraging.average(
        of: members.map { signatures[$0].series }, initial: signatures[start].series)
      return PreparedSignature(series: average.barycenter, global: [])
    } catch {
      preconditionFailure("prepared signatures are finite and not empty: \(error)")
    }
  }

  /// The mean template of some references whose joint distances to one another are
  /// `joint(i, j)`: the barycentre of all of them and the genuine anchor, the mean over
  /// references of each one's joint distance to the barycentre of the others; `nil` for fewer
  /// than two references, which leave none to average when one is left out.
  func meanTemplate(of references: [PreparedSignature], joint: (Int, Int) -> Double)
    -> (barycentre: PreparedSignature, genuineAnchor: Double)?
  {
    guard references.count >= 2 else { return nil }
    let all = Array(references.indices)
    let whole = barycentre(of: all, references, joint: joint)
    var sum = 0.0
    for left in all {
      let others = barycentre(of: all.filter { $0 != left }, references, joint: joint)
      sum += jointDistance(others, references[left])
    }
    return (whole, sum / Double(all.count))
  }

  /// A barycentre's compared functions as local functions.
  func localFunctions(of barycentre: PreparedSignature) -> LocalFunctions {
    let names = comparedFunctions
    return LocalFunctions(
      names: names, columns: names.map { barycentre.series[SampleChannel($0)] ?? [] },
      count: barycentre.count)
  }
}
