	BxJ´cxÃp®‘CTMaCºiÃ‹?tÃÈ—ËBZ²ƒCHF4C€3S@Øà‘BF‹Ã3Î(Ã`{tÁj#C¼ÃŒ~WÃøƒRB¨äAO|Ãn`(CÒÙÂšxC‡8ÃRîIC@ûÅÀ|‰³BPz_C|mC(MÃŸŒÃšFjÃ¡ÕA€K³ADŸPC,ÏCb
RCð**Bn½ÂÊñˆC–…‡C¨VC8%Ãg¹ŽÃð‘-Ãl‘Ã