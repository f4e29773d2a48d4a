import InkFeatures

/// A mean template of a user's references: their DTW barycentre, with the two anchors its
/// distances are set between.
///
/// ```swift
/// let template = try SignatureEnrollment().enroll(references, cohort: cohort)
/// template.meanTemplate?.barycentre.count     // as long as the medoid reference
/// template.meanTemplate?.genuineAnchor        // the leave-one-out distances' mean
/// ```
///
/// The barycentre is the DBA average (Petitjean, Ketterlin and Gançarski, "A global averaging
/// method for dynamic time warping", Pattern Recognition 44, 2011; InkDistances'
/// `DTWBarycenterAveraging`) of the references' compared local functions under the matcher's
/// joint DTW — the same functions, Euclidean local cost and band — started from the medoid
/// reference (the one whose joint distances to the others sum least) and run ten iterations,
/// as Okawa's mean template ("Template matching using time-series averaging and DTW with
/// dependent warping for online signature verification", IEEE Access 7, 2019) takes it. A
/// questioned signature's joint distance to it is anchored like the joint distance to the
/// references (``SignatureFusion/meanTemplateShare``): 0 at ``genuineAnchor``, the mean over
/// references of each one's distance to the barycentre of the others (as far as a new genuine
/// signature would be: the references' own distances to the barycentre they helped make lie
/// too close), and 1 at ``cohortDistance``, the distance of the nearest cohort signature to
/// the barycentre. See <doc:SignatureVerification>.
///
/// The barycentre is made of the user's signatures and is biometric data: it is kept with the
/// template in the signature store, never written elsewhere.
///
/// JSON: `{"barycentre", "genuineAnchor", "cohortDistance"}` (the last absent without a
/// cohort).
public struct SignatureMeanTemplate: Hashable, Sendable, Codable {
  /// The barycentre's local functions: the matcher's compared functions, as long as the medoid
  /// reference.
  public var barycentre: LocalFunctions
  /// The mean over references of each reference's joint distance to the barycentre of the
  /// other references.
  public var genuineAnchor: Double
  /// The joint distance to the barycentre of the nearest cohort signature, or `nil` when the
  /// user was enrolled without a cohort (the fusion then takes
  /// ``SignatureFusion/typicalMeanTemplateCohortDistance``).
  public var cohortDistance: Double?

  /// A mean template of the given parts.
  public init(barycentre: LocalFunctions, genuineAnchor: Double, cohortDistance: Double? = nil) {
    self.barycentre = barycentre
    self.genuineAnchor = genuineAnchor
    self.cohortDistance = cohortDistance
  }

  /// The iterations of DBA.
  public static let iterations = 10
}
