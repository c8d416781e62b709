import MediateCommandLine
import NewsReaderDesign

MediateCommandLine.main(designs: [ScreenCoordinatorDesign.self])
