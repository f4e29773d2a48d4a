import InkFormats

extension FuzzSeeds {
  /// Small files in the shape of each data set, for when `../shared` is absent: written here
  /// after the formats' descriptions, with the features the real files use.
  static func builtInSamples(of format: InkFileFormat) -> [String] {
    switch format {
    case .quickDraw:
      [
        #"{"word":"line","countrycode":"DE","timestamp":"2017-03-01 07:49:16.02944 UTC","#
          + #""recognized":true,"key_id":"1","drawing":[[[10,20,35],[5,6,8],[0,16,40]],"#
          + #"[[1,2],[3,4],[60,75]]]}"# + "\n"
          + #"{"word":"dot","countrycode":"US","timestamp":"2017-01-25 03:11:35 UTC","#
          + #""recognized":false,"key_id":"2","drawing":[[[0],[0],[0]]]}"# + "\n"
      ]
    case .dollarGesture: [dollarSample]
    case .kanjiVG: [kanjiVGSample]
    case .unipen:
      [
        """
        .VERSION 1.0
        .X_DIM 1000
        .Y_DIM 1000
        .X_POINTS_PER_INCH 100
        .Y_POINTS_PER_INCH 100
        .COORD X Y
        .SEGMENT CHARACTER 0 ? "v"
        .SEGMENT CHARACTER 1-2 ? "x"
        .PEN_DOWN
        \t70\t411
        \t69\t412
        \t75\t396
        .PEN_UP
        \t80\t390
        .PEN_DOWN
        \t90\t400
        \t95\t380
        .PEN_UP
        .PEN_DOWN
        \t99\t370
        .PEN_UP

        """
      ]
    case .svc2004:
      [
        "5\n3236 5028 17638839 0 1260 400 351\n3428 4998 17638849 1 1260 400 382\n"
          + "3541 5056 17638859 1 1260 400 394\n3665 5135 17638869 0 1310 400 397\n"
          + "3945 5229 17638879 1 1370 390 405\n"
      ]
    case .hershey:
      [
        "12345  1JZ\n12345  9MWRFRT RRYQZR[SZRY\n12345  6JZNFNM RVFVM\n"
          + "12345 12H]SBLb RYBRb RLOZO RKUYU\n"
      ]
    default: []
    }
  }

  /// An InkML document with definitions, a context, annotations and trace groups.
  static let inkMLSample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <ink xmlns="http://www.w3.org/2003/InkML">
      <definitions>
        <traceFormat xml:id="fmt">
          <channel name="X" type="decimal"/>
          <channel name="Y" type="decimal"/>
          <channel name="T" type="decimal" units="ms"/>
          <intermittentChannels><channel name="F" type="decimal"/></intermittentChannels>
        </traceFormat>
      </definitions>
      <annotation type="truth">ab</annotation>
      <annotation type="writer">w7</annotation>
      <traceGroup xml:id="g1">
        <annotation type="truth">a</annotation>
        <trace xml:id="t1" traceFormatRef="#fmt">10 0 1000 0.5, '1 '2 '10, "1 "-1 "0 0.7</trace>
        <traceView traceDataRef="#t1"/>
      </traceGroup>
      <trace traceFormatRef="#fmt">.5 -1.5e1 2000 1, 3 4 2010</trace>
    </ink>

    """

  /// A signature XML document with the standard's flat time series: the pen-tip switch, a
  /// pen-up sample, a channel that is dropped, scalings, properties and a second signature in
  /// strokes.
  public static let signatureXMLSample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <SignatureChannels xmlns="urn:ductus:signature-channels:1" version="1">
      <Signature key="u1/1" label="u1">
        <Property name="user" value="u1"/>
        <ChannelDescriptions>
          <ChannelDescription channel="x" scaling="10"/>
          <ChannelDescription channel="y" scaling="10"/>
          <ChannelDescription channel="t" scaling="1000"/>
          <ChannelDescription channel="f" scaling="1023"/>
          <ChannelDescription channel="az"/>
          <ChannelDescription channel="el"/>
          <ChannelDescription channel="s"/>
          <ChannelDescription channel="tx"/>
        </ChannelDescriptions>
        <SamplePoint x="100" y="200" t="0" f="300" az="45" el="60" s="1"/>
        <SamplePoint x="110" y="205" t="10" f="320" az="45" el="61" s="1"/>
        <SamplePoint x="120" y="210" t="20" f="0" az="46" el="61" s="0"/>
        <SamplePoint x="130" y="190" t="30" f="280" az="46" el="62" s="1"/>
        <SamplePoint x="135" y="185" t="40" f="250" az="47" el="62" s="1"/>
      </Signature>
      <Signature key="u1/2">
        <ChannelDescriptions>
          <ChannelDescription channel="x"/><ChannelDescription channel="y"/>
          <ChannelDescription channel="t" scaling="1"/>
        </ChannelDescriptions>
        <Stroke><SamplePoint x="1" y="2" t="0"/><SamplePoint x="3" y="4" t="0.01"/></Stroke>
        <Stroke><SamplePoint x="5" y="1" t="0.2"/></Stroke>
      </Signature>
    </SignatureChannels>

    """

  /// A $1 gesture log as the study wrote it: byte-order mark, declaration, one line a point.
  static var dollarSample: String {
    var lines = [
      "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>",
      "<Gesture Name=\"check02\" Subject=\"11\" Speed=\"slow\" Number=\"2\" NumPts=\"12\" "
        + "Millseconds=\"700\" AppName=\"Gestures\" AppVer=\"3.5.0.0\" "
        + "Date=\"Thursday, March 15, 2007\" TimeOfDay=\"12:10:08 PM\">",
    ]
    for i in 0..<12 {
      lines.append("  <Point X=\"\(95 + 3 * i)\" Y=\"\(202 + i)\" T=\"\(268_257_274 + 16 * i)\" />")
    }
    return (lines + ["</Gesture>", ""]).joined(separator: "\r\n")
  }

  /// A KanjiVG file with the project's document type and its defaulted attribute list.
  static let kanjiVGSample = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!--
    Copyright (C) 2009/2010/2011 Ulrich Apel. CC BY-SA 3.0.
    -->
    <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.0//EN" "http://www.w3.org/TR/2001/REC-SVG-20010904/DTD/svg10.dtd" [
    <!ATTLIST g
    xmlns:kvg CDATA #FIXED "http://kanjivg.tagaini.net"
    kvg:element CDATA #IMPLIED
    kvg:position CDATA #IMPLIED >
    <!ATTLIST path
    xmlns:kvg CDATA #FIXED "http://kanjivg.tagaini.net"
    kvg:type CDATA #IMPLIED >
    ]>
    <svg xmlns="http://www.w3.org/2000/svg" width="109" height="109" viewBox="0 0 109 109">
    <g id="kvg:StrokePaths_04e8c" style="fill:none;stroke:#000000;stroke-width:3;">
    <g id="kvg:04e8c" kvg:element="二">
    \t<path id="kvg:04e8c-s1" kvg:type="㇐" d="M29.25,29.5c2.75,0.75,6.5,0.75,9.75,0.25"/>
    \t<path id="kvg:04e8c-s2" kvg:type="㇐" d="M14,78.25c4,1,8.5,1,12.5,0.5c10-1.5,50-3.5,66.5-2"/>
    </g>
    </g>
    </svg>

    """
}
