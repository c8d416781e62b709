import ChatRoomDesign
import MediateCommandLine

MediateCommandLine.main(designs: [ChatRoomDesign.self])
