const devices = {
  title: '设备管理',
};

export default devices;
