<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="walls" tilewidth="32" tileheight="32">
 <image source="walls.png" width="128" height="32"/>
 <tile id="1" type="platform"/>
 <tile id="2">
  <properties>
   <property name="kind" value="hazard"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="Decor"/>
  </properties>
 </tile>
</tileset>
