import ArgumentParser
import PanelCommands

PanelCtl.main()
