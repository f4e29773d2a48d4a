// InkRender: module placeholder until its first real file lands; delete when it does.
