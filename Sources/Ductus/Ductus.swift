// The umbrella: an app writes `import Ductus` and gets every library module.
@_exported import InkClustering
@_exported import InkDistances
@_exported import InkFeatures
@_exported import InkFigures
@_exported import InkFormats
@_exported import InkMath
@_exported import InkRecognition
@_exported import InkRender
@_exported import InkSampling
@_exported import InkShapes
@_exported import InkSignatureStore
@_exported import InkSignatures
@_exported import InkTracing
@_exported import OpenPaperKit
@_exported import OpenPencilKit
